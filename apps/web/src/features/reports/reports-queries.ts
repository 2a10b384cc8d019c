import type { Report, ReportQuery } from "@changeradar/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../api/client";
import { downloadFile } from "../../api/download";

/** The report query as this screen sends it: the period is always spelled out, never left to the default. */
export type ReportPeriod = ReportQuery & Required<Pick<ReportQuery, "from" | "to">>;

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
