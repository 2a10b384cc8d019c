import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCheckWriter, recordCheck } from "../../src/checks/check-writer";
import { claimDueMonitors } from "../../src/checks/claims.repository";
import type { PageCheckOutcome } from "../../src/checks/page-check";
import { monitors } from "../../src/db/schema/monitors";
import { rowsOf } from "../../src/monitors/monitors.repository";
import { postgresPass, useTestDatabase } from "../helpers/database";
import { testSnapshot, usd } from "../helpers/snapshot";
import { insertOwner, insertPausedMonitors, testTiming } from "../monitors/support/checks";

const database = useTestDatabase();
const db = () => database.db;

const fetched = { httpStatus: 200, durationMs: 50, etag: null, lastModified: null, bodyHash: "b:k" };
const baseline: PageCheckOutcome = {
  ...fetched,
  kind: "baseline",
  version: {
    snapshot: testSnapshot({
      title: "Anvil",
      lines: ["Anvil", "USD 12"],
      price: usd(12),
      availability: "in_stock",
    }),
  },
  screenshot: null,
  fingerprint: "f",
};
const sameBody: PageCheckOutcome = { ...fetched, kind: "same_body" };

/** A checked monitor's row is wide (883 bytes on average in the serve benchmark; these about 1,200). */
const learnedNoise = {
  lines: Array.from({ length: 12 }, (_, i) => `Updated ${i} minutes ago · 1,23${i} people viewing`),
};
const recentFingerprints = Array.from({ length: 4 }, (_, i) => `${i}`.repeat(64));

/** Each row's heap page. */
async function pagesOf(ids: readonly string[]): Promise<Map<string, number>> {
  const result = await db().execute(
    sql`select id, (ctid::text::point)[0]::int as page from ${monitors} where ${inArray(monitors.id, [...ids])}`,
  );
  return new Map(rowsOf<{ id: string; page: number }>(result).map((row) => [row.id, Number(row.page)]));
}

describe("a monitor's row through its checks", () => {
  // Every check updates the row twice (the claim's lease, then the result). With room left in its page
  // the new version goes beside the old one, which is pruned in place: the table does not grow while
  // nothing changes. Packed full pages sent new versions to other pages: 54 of these 80 rows moved in
  // three rounds, and in the serve benchmark the table grew by 377-557 bytes per unchanged check.
  // The embedded database only: on PostgreSQL an old version is pruned only once no snapshot can still see
  // it, which depends on the timing of other sessions (it passed alone there and failed beside the other
  // test files). The serve bench measures PostgreSQL's growth.
  it.skipIf(postgresPass)("stays in its page through unchanged checks", async () => {
    const owner = await insertOwner(db());
    const urls = Array.from({ length: 80 }, (_, i) => `https://shop.example/anvil-${i}`);
    const ids = await insertPausedMonitors(db(), owner.id, urls);
    await db().update(monitors).set({ paused: false }).where(inArray(monitors.id, ids));
    const writer = createCheckWriter(db(), "room");
    // As a worker runs them: claims of 16 due monitors, their results written together.
    const checkAll = async (outcome: PageCheckOutcome, at: Date) => {
      await db().update(monitors).set({ nextCheckAt: at }).where(inArray(monitors.id, ids));
      for (;;) {
        const claimed = await claimDueMonitors(db(), "room", 16, testTiming.leaseMs);
        if (claimed.length === 0) break;
        await Promise.all(
          claimed.map((monitor) =>
            recordCheck(writer, monitor, outcome, at, { startedAt: at, timing: testTiming }),
          ),
        );
      }
    };
    const start = Date.now() - 3_600_000;
    await checkAll(baseline, new Date(start));
    // What the second check learns: the page's noise, kept on the row.
    await db().update(monitors).set({ learnedNoise, recentFingerprints }).where(inArray(monitors.id, ids));
    await checkAll(sameBody, new Date(start + 30_000));
    const before = await pagesOf(ids);
    for (let round = 1; round <= 3; round++) await checkAll(sameBody, new Date(start + round * 60_000));
    const after = await pagesOf(ids);
    const moved = ids.filter((id) => before.get(id) !== after.get(id));
    expect(moved).toEqual([]);
  });
});
