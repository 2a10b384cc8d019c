import dayjs from "dayjs";
import relativeTime from "dayjs/plugin/relativeTime";

dayjs.extend(relativeTime);

/** Spec §9 date display. */
export const notAvailable = "NA";
const relativeWindowMs = 3 * 24 * 60 * 60 * 1000;

type DateInput = string | number | Date | null | undefined;

function parse(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === "") return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/** Default display: DD MMM YYYY HH:mm, or NA. */
export function formatDate(value: DateInput): string {
  return parse(value)?.format("DD MMM YYYY HH:mm") ?? notAvailable;
}

/** Items under 3 days old read as relative time ("2 hours ago"); older ones as YYYY-MM-DD HH:mm. */
export function formatItemTime(value: DateInput, now: DateInput = new Date()): string {
  const date = parse(value);
  const reference = parse(now) ?? dayjs();
  if (!date) return notAvailable;
  const age = reference.diff(date);
  if (Math.abs(age) < relativeWindowMs) return date.from(reference);
  return date.format("YYYY-MM-DD HH:mm");
}
