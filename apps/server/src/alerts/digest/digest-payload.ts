import type { DigestItem, DigestPayload } from "@changeradar/contracts";
import type { NotificationRow } from "../../db/schema/alerts";
import { changeUrl, monitorUrl } from "../dispatch/alert-message";

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
