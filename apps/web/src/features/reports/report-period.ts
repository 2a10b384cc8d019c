import dayjs from "dayjs";
import type { ReportPeriod } from "./reports-queries";

export const presets = [
  { days: 7, label: "Last 7 days" },
  { days: 30, label: "Last 30 days" },
  { days: 90, label: "Last 90 days" },
] as const;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const valid = (value: string | null): value is string =>
  value !== null && isoDay.test(value) && dayjs(value).isValid();

/** The report's period from the URL: explicit from/to when both are valid and in order, else the last 30 days. */
export function periodFromParams(params: URLSearchParams, today = dayjs()): ReportPeriod {
  const from = params.get("from");
  const to = params.get("to");
  const monitorId = params.get("monitorId") ?? undefined;
  if (valid(from) && valid(to) && from <= to) return { from, to, monitorId };
  return { from: today.subtract(29, "day").format("YYYY-MM-DD"), to: today.format("YYYY-MM-DD"), monitorId };
}

export function presetPeriod(days: number, today = dayjs()): { from: string; to: string } {
  return { from: today.subtract(days - 1, "day").format("YYYY-MM-DD"), to: today.format("YYYY-MM-DD") };
}

export function periodToParams(period: ReportPeriod): URLSearchParams {
  const params = new URLSearchParams({ from: period.from, to: period.to });
  if (period.monitorId) params.set("monitorId", period.monitorId);
  return params;
}
