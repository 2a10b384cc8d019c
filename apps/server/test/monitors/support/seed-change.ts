import { changes } from "../../../src/db/schema/checks";
import type { TestApp } from "./test-app";

/** A change written straight into a monitor's history (what a check records), for tests of what reads it. */
export async function seedChange(
  t: TestApp,
  monitorId: string,
  change: { summary: string; detectedAt?: Date; before?: string; after?: string },
): Promise<string> {
  const [row] = await t.database.handle.db
    .insert(changes)
    .values({
      monitorId,
      detectedAt: change.detectedAt ?? new Date(),
      kinds: ["text", "price"],
      summary: change.summary,
      significance: 60,
      diff: {
        text: [{ op: "change", before: change.before ?? "$24.99", after: change.after ?? "$19.99" }],
        items: { added: [], removed: [] },
        images: { added: [], removed: [] },
        price: { before: null, after: null, absolute: null, percent: -20 },
        availability: null,
        structure: { added: [], removed: [] },
        visual: null,
      },
      priceBefore: 24.99,
      priceAfter: 19.99,
      currency: "USD",
    })
    .returning({ id: changes.id });
  return row.id;
}
