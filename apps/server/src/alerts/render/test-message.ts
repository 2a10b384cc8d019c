import { randomUUID } from "node:crypto";
import type { AlertMessage, ChannelType } from "@changeradar/contracts";
import { channelLabels } from "@changeradar/contracts";

/**
 * The "send test" message: a realistic sample change (price drop with a diff excerpt), so the user sees
 * exactly how a real alert looks in this channel. Its id is fresh, so receivers never drop it as a duplicate.
 */
export function buildTestMessage(
  channelType: ChannelType,
  appUrl: string,
  now: Date = new Date(),
): AlertMessage {
  const base = appUrl.replace(/\/+$/, "");
  const at = now.toISOString();
  return {
    id: `test_${randomUUID()}`,
    type: "test",
    occurredAt: at,
    appUrl: base,
    monitor: {
      id: "test",
      url: "https://example.com/product",
      name: `Example product page (${channelLabels[channelType]} test)`,
      detailUrl: `${base}/auth/mymonitors`,
    },
    change: {
      id: "test",
      detectedAt: at,
      kinds: ["price", "text"],
      summary: "Price dropped from $24.99 to $19.99",
      significance: 80,
      url: `${base}/auth/mymonitors`,
      diffExcerpt: { added: ["Now $19.99 — free shipping"], removed: ["Was $24.99"] },
      price: { before: "$24.99", after: "$19.99" },
    },
  };
}
