import type { Report } from "@changeradar/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../api/client";
import { downloadFile } from "../../api/download";

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

/** The range's changes as a CSV download. */
export function downloadReportCsv(period: ReportPeriod): Promise<void> {
  return downloadFile("/reports/export.csv", `changeradar-report-${period.from}-to-${period.to}.csv`, period);
}
