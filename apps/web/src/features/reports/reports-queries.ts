import type { Report } from "@changeradar/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../api/client";

export interface ReportPeriod {
  from: string;
  to: string;
  monitorId?: string;
}

export const reportKeys = {
  all: ["reports"] as const,
  of: (period: ReportPeriod) => ["reports", period] as const,
};

export function useReport(period: ReportPeriod) {
  return useQuery({
    queryKey: reportKeys.of(period),
    queryFn: async () => (await apiClient.get<Report>("/reports", { params: period })).data,
    placeholderData: keepPreviousData,
  });
}

/** The CSV comes from the API behind the bearer token, so it is fetched and handed to the browser as a file. */
export async function downloadReportCsv(period: ReportPeriod): Promise<void> {
  const response = await apiClient.get<Blob>("/reports/export.csv", { params: period, responseType: "blob" });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement("a");
  link.href = url;
  link.download = `changeradar-report-${period.from}-to-${period.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
