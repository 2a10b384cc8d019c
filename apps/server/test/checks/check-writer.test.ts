import { gzipSync } from "node:zlib";
import {
  type ChangeResult,
  encodeSnapshot,
  type Snapshot,
  storedSnapshotJson,
  unpackSnapshot,
} from "@changeradar/engine";
import { eq, inArray } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { planRecord } from "../../src/checks/check-plan";
import { createCheckWriter, LeaseLost, LINGER_MS, recordCheck } from "../../src/checks/check-writer";
import { claimMonitor } from "../../src/checks/claims.repository";
import type { PageCheckOutcome } from "../../src/checks/page-check";
import { notifications } from "../../src/db/schema/alerts";
import { blobs } from "../../src/db/schema/blobs";
import { changes, checks, pricePoints, snapshots } from "../../src/db/schema/checks";
import { monitors } from "../../src/db/schema/monitors";
import { users } from "../../src/db/schema/users";
import { useTestDatabase } from "../helpers/database";
import { testSnapshot, usd } from "../helpers/snapshot";
import { emptyStoredDiff } from "../helpers/stored-diff";
import { insertPausedMonitors, testTiming } from "../monitors/support/checks";

const database = useTestDatabase();

const page = (title: string, price: number): Snapshot =>
  testSnapshot({ title, lines: [title, `USD ${price}`], price: usd(price), availability: "in_stock" });
const fetched = { httpStatus: 200, durationMs: 50, etag: null, lastModified: null, bodyHash: "b:k" };
const changed = (price: number): PageCheckOutcome => ({
  ...fetched,
  kind: "changed",
  version: { snapshot: page("Anvil", price) },
  screenshot: null,
  result: {
    changed: true,
    alert: true,
    kinds: ["price"],
    significance: 60,
    summary: `Price is now USD ${price}`,
    diffs: {
      ...emptyStoredDiff,
      text: [{ op: "change", before: "USD 1", after: `USD ${price}` }],
      visual: null,
    },
    conditions: [],
    flipFlop: false,
    fingerprint: `f${price}`,
  } satisfies ChangeResult,
});

async function claimed(count: number, owner: string) {
  const db = database.db;
  const [user] = await db
    .insert(users)
    .values({
      email: `w-${Date.now()}-${count}@example.test`,
      passwordHash: "x",
      firstName: "W",
      planType: "Business",
    })
    .returning();
  const ids = await insertPausedMonitors(
    db,
    user.id,
    Array.from({ length: count }, (_, i) => `https://shop.example/${i}`),
  );
  await db.update(monitors).set({ paused: false }).where(inArray(monitors.id, ids));
  return Promise.all(
    ids.map(async (id) => {
      const monitor = await claimMonitor(db, id, owner, testTiming.leaseMs);
      if (!monitor) throw new Error("not claimed");
      return monitor;
    }),
  );
}

it("writes checks that arrive together in one transaction, each once, with its alerts", async () => {
  const db = database.db;
  const all = await claimed(10, "w1");
  // The last one's lease went to another worker: its plan writes nothing and says so.
  await db.update(monitors).set({ leaseOwner: "w2" }).where(eq(monitors.id, all[9].id));
  const transactions = vi.spyOn(db, "transaction");
  const writer = createCheckWriter(db, "w1");
  const ctx = { startedAt: new Date(), timing: testTiming };
  const outcomes: PageCheckOutcome[] = all.map((_, i) =>
    i < 3
      ? changed(10 + i)
      : {
          ...fetched,
          kind: "unchanged",
          version: { snapshot: page("Anvil", 1) },
          rebase: false,
          fingerprint: "f",
        },
  );
  const results = await Promise.allSettled(
    all.map((monitor, i) => writer.write(planRecord(monitor, outcomes[i], new Date(), ctx))),
  );
  // All ten arrived in the same turn: the batch is taken after it, so they make one.
  expect(transactions).toHaveBeenCalledTimes(1);
  transactions.mockRestore();
  expect(results.slice(0, 9).map((r) => r.status)).toEqual(Array(9).fill("fulfilled"));
  expect(results[9]).toMatchObject({ status: "rejected", reason: expect.any(LeaseLost) });

  const ids = all.map((m) => m.id);
  const rows = await db.select().from(checks).where(inArray(checks.monitorId, ids));
  expect(rows.map((r) => r.monitorId).sort()).toEqual(ids.slice(0, 9).sort());
  expect(await db.select().from(pricePoints).where(inArray(pricePoints.monitorId, ids))).toHaveLength(9);
  const changeRows = await db.select().from(changes).where(inArray(changes.monitorId, ids));
  expect(changeRows.map((c) => c.summary).sort()).toEqual([
    "Price is now USD 10",
    "Price is now USD 11",
    "Price is now USD 12",
  ]);
  const alerts = await db.select().from(notifications).where(inArray(notifications.monitorId, ids));
  expect(alerts.map((a) => a.changeId).sort()).toEqual(changeRows.map((c) => c.id).sort());
  const versions = await db.select().from(snapshots).where(inArray(snapshots.monitorId, ids));
  expect(versions).toHaveLength(3);
  const after = await db.select().from(monitors).where(inArray(monitors.id, ids));
  for (const monitor of after) {
    if (monitor.id === all[9].id) expect(monitor).toMatchObject({ leaseOwner: "w2", lastCheckedAt: null });
    else expect(monitor.leaseOwner).toBeNull();
  }
  const first = after.find((m) => m.id === all[0].id);
  expect(first?.latestSnapshotId).toBe(changeRows.find((c) => c.summary.endsWith("10"))?.afterSnapshotId);
  expect(first?.latest).toEqual({
    title: "Anvil",
    price: { amount: 10, currency: "USD" },
    availability: "in_stock",
  });
});

it("a plan the database refuses fails alone: the rest of its batch is stored", async () => {
  const db = database.db;
  const all = await claimed(4, "w3");
  const writer = createCheckWriter(db, "w3");
  const ctx = { startedAt: new Date(), timing: testTiming };
  const results = await Promise.all(
    all.map((monitor, i) =>
      recordCheck(
        writer,
        monitor,
        {
          ...fetched,
          kind: "unchanged",
          version: { snapshot: page(i === 2 ? "Bad\u0000title" : "Anvil", 5) },
          rebase: false,
          fingerprint: "f",
        },
        new Date(),
        ctx,
      ),
    ),
  );
  expect(results.map((r) => r.status)).toEqual(["unchanged", "unchanged", "error", "unchanged"]);
  const rows = await db
    .select()
    .from(checks)
    .where(
      inArray(
        checks.monitorId,
        all.map((m) => m.id),
      ),
    );
  expect(rows).toHaveLength(4);
  expect(rows.find((r) => r.monitorId === all[2].id)?.error).toMatch(/could not be stored/);
});

const unchanged: PageCheckOutcome = {
  ...fetched,
  kind: "unchanged",
  version: { snapshot: page("Anvil", 1) },
  rebase: false,
  fingerprint: "f",
};

/** A writer whose lingers are counted, never waited: `sleep` resolves at once, or never when `hold`. */
function countedWriter(owner: string, running: number, hold = false, linger: { ms?: number } = { ms: 10 }) {
  const waits: number[] = [];
  const writer = createCheckWriter(database.db, owner, {
    running: () => running,
    lingerMs: linger.ms,
    sleep: (ms) => {
      waits.push(ms);
      return hold ? new Promise(() => {}) : Promise.resolve();
    },
  });
  return { writer, waits };
}

it("a batch waits for the checks still running: three plans of three running checks make one transaction", async () => {
  const db = database.db;
  const all = await claimed(3, "w4");
  // The linger never ends by itself here: only the last running check's plan ends it.
  const { writer, waits } = countedWriter("w4", 3, true);
  const transactions = vi.spyOn(db, "transaction");
  const ctx = { startedAt: new Date(), timing: testTiming };
  const write = (i: number) =>
    writer.write(planRecord(all[i], i === 0 ? changed(20) : unchanged, new Date(), ctx));
  const first = write(0);
  // The others come turns later, while the first one's batch lingers.
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
  expect(waits).toEqual([10]);
  const results = await Promise.all([first, write(1), write(2)]);
  expect(transactions).toHaveBeenCalledTimes(1);
  transactions.mockRestore();
  expect(waits).toEqual([10]);
  expect(results.map((r) => r.status)).toEqual(["changed", "unchanged", "unchanged"]);
  const ids = all.map((m) => m.id);
  expect(await db.select().from(checks).where(inArray(checks.monitorId, ids))).toHaveLength(3);
  expect(await db.select().from(changes).where(inArray(changes.monitorId, ids))).toHaveLength(1);
  expect(await db.select().from(notifications).where(inArray(notifications.monitorId, ids))).toHaveLength(1);
});

it("a lone check's plan never lingers, and one whose fellows do not come waits once, for the bound", async () => {
  const [alone, waiting] = await claimed(2, "w5");
  const ctx = { startedAt: new Date(), timing: testTiming };
  const lone = countedWriter("w5", 1);
  await lone.writer.write(planRecord(alone, unchanged, new Date(), ctx));
  expect(lone.waits).toEqual([]);
  const fellows = countedWriter("w5", 4);
  expect(await fellows.writer.write(planRecord(waiting, unchanged, new Date(), ctx))).toMatchObject({
    status: "unchanged",
  });
  expect(fellows.waits).toEqual([10]);
});

it("by default a batch waits 300 ms for the checks still running (a batch's statement costs the same for 2 checks or 10)", async () => {
  const [waiting] = await claimed(1, "w5b");
  const ctx = { startedAt: new Date(), timing: testTiming };
  const fellows = countedWriter("w5b", 4, false, {});
  await fellows.writer.write(planRecord(waiting, unchanged, new Date(), ctx));
  expect(fellows.waits).toEqual([300]);
  expect(LINGER_MS).toBe(300);
});

it("a batch of quiet plans is written without a transaction, each check once", async () => {
  const db = database.db;
  const all = await claimed(3, "w6");
  const { writer } = countedWriter("w6", 3);
  const transactions = vi.spyOn(db, "transaction");
  const ctx = { startedAt: new Date(), timing: testTiming };
  await Promise.all(all.map((monitor) => writer.write(planRecord(monitor, unchanged, new Date(), ctx))));
  expect(transactions).not.toHaveBeenCalled();
  transactions.mockRestore();
  const ids = all.map((m) => m.id);
  const rows = await db.select().from(checks).where(inArray(checks.monitorId, ids));
  expect(rows.map((r) => r.monitorId).sort()).toEqual([...ids].sort());
  const after = await db.select().from(monitors).where(inArray(monitors.id, ids));
  expect(after.map((m) => m.leaseOwner)).toEqual([null, null, null]);
});

it("stores a version the engine encoded as those bytes under their address, read back as the snapshot", async () => {
  const db = database.db;
  const [monitor] = await claimed(1, "w1");
  const writer = createCheckWriter(db, "w1");
  const outcome = changed(42);
  if (outcome.kind !== "changed" || !("snapshot" in outcome.version)) throw new Error("a change");
  const { snapshot } = outcome.version;
  // Gzipped at another level than the writer's own: the stored bytes show whose they are.
  const json = storedSnapshotJson(snapshot);
  const encoded = { ...encodeSnapshot(snapshot), gzip: gzipSync(json, { level: 1 }) };
  expect(encoded.gzip).not.toEqual(gzipSync(json, { level: 6 }));
  // As a changed page comes back from the engine's job: its stored form and its facts, not the snapshot.
  const version = { facts: snapshot, encoded };
  await writer.write(
    planRecord(monitor, { ...outcome, version }, new Date(), { startedAt: new Date(), timing: testTiming }),
  );
  const [row] = await db.select().from(snapshots).where(eq(snapshots.monitorId, monitor.id));
  const [stored] = await db.select().from(blobs).where(eq(blobs.id, row.contentBlobId));
  expect(stored).toMatchObject({ id: encoded.sha256, encoding: "gzip", size: json.byteLength });
  expect(Buffer.from(stored.data)).toEqual(Buffer.from(encoded.gzip));
  expect(unpackSnapshot({ json: stored.data, encoding: "gzip" })).toEqual(snapshot);
});
