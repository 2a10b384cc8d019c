import type { NotificationRow } from "../../db/schema/alerts";
import { changeUrl, monitorUrl } from "../dispatch/alert-message";

/** What a digest delivery carries: the changes it summarises, frozen when the digest was built. */
export interface DigestPayload {
  /** The UTC day of the digest, YYYY-MM-DD. */
  day: string;
  items: DigestItem[];
}

export interface DigestItem {
  notificationId: string;
  monitorName: string;
  pageUrl: string;
  summary: string;
  kinds: string[];
  significance: number;
  detectedAt: string;
  /** Link to the change in the web app. */
  link: string;
}

export function buildDigestPayload(
  day: string,
  rows: readonly NotificationRow[],
  appUrl: string,
): DigestPayload {
  const items = rows.map((row): DigestItem => {
    const { monitor, change } = row.payload;
    return {
      notificationId: row.id,
      monitorName: monitor.name,
      pageUrl: monitor.url,
      summary: change?.summary ?? row.body,
      kinds: change?.kinds ?? [],
      significance: change?.significance ?? 0,
      detectedAt: change?.detectedAt ?? row.createdAt.toISOString(),
      link: change ? changeUrl(appUrl, monitor.id, change.id) : monitorUrl(appUrl, monitor.id),
    };
  });
  items.sort((a, b) => a.detectedAt.localeCompare(b.detectedAt));
  return { day, items };
}
