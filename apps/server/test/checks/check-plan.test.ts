import type { ChangeResult, LearnedNoise, Snapshot } from "@changeradar/engine";
import { describe, expect, it } from "vitest";
import { type CheckPlan, isQuiet, planRecord } from "../../src/checks/check-plan";
import { defaultCheckTiming } from "../../src/checks/check-timing";
import type { PageCheckOutcome } from "../../src/checks/page-check";
import type { MonitorRow } from "../../src/db/schema/monitors";
import { testSnapshot, usd } from "../helpers/snapshot";

const now = new Date("2026-03-01T12:00:00Z");
const startedAt = new Date("2026-03-01T11:59:59Z");
const ctx = { startedAt, timing: defaultCheckTiming, random: () => 0.5 };
const hourLater = new Date("2026-03-01T13:00:00Z");

const monitor: MonitorRow = {
  id: "m1",
  userId: "u1",
  url: "https://shop.example/anvil",
  host: "shop.example",
  name: "Anvil",
  frequency: "1h",
  watch: ["text", "price"],
  selector: null,
  ignoreRules: [],
  conditions: [],
  renderJs: false,
  mode: "page",
  maxPages: null,
  crawlDepth: null,
  watchPages: false,
  parentId: null,
  browserSteps: [],
  sensitivity: 50,
  channelIds: [],
  tags: [],
  paused: false,
  pausedByPlan: false,
  pausedByDisable: false,
  aiCriteria: null,
  nextCheckAt: now,
  leaseUntil: null,
  leaseOwner: "w1",
  manualCheckAt: null,
  lastCheckedAt: null,
  lastChangeAt: null,
  lastError: null,
  consecutiveFailures: 0,
  failingAlerted: false,
  etag: null,
  bodyHash: null,
  lastModified: null,
  latestSnapshotId: "s-old",
  latest: null,
  learnedNoise: null,
  recentFingerprints: ["f0"],
  createdAt: now,
  updatedAt: now,
};

const snapshot = (price: number | null = 24.99): Snapshot =>
  testSnapshot({ url: monitor.url, price: price === null ? null : usd(price), availability: "in_stock" });

const fetched = { httpStatus: 200, durationMs: 120, etag: '"e2"', lastModified: null, bodyHash: "b2:k" };
/** An unchanged check that read the page whole (its snapshot came back). */
const unchanged = (
  page: Snapshot,
  more: Partial<
    Pick<Extract<PageCheckOutcome, { kind: "unchanged" }>, "rebase" | "ignored" | "learnedNoise">
  > = {},
): PageCheckOutcome => ({
  ...fetched,
  kind: "unchanged",
  version: { snapshot: page },
  rebase: false,
  fingerprint: "f0",
  ...more,
});
/** A changed check that read the page whole, with no screenshot. */
const changedTo = (page: Snapshot): PageCheckOutcome => ({
  ...fetched,
  kind: "changed",
  version: { snapshot: page },
  screenshot: null,
  result: result(),
});
const noise: LearnedNoise = {
  version: 1,
  lineTemplates: [["Updated ", ""]],
  volatileLines: [],
  volatileItemKeys: [],
  volatileImages: [],
  volatileStructurePaths: [],
};

function result(overrides: Partial<ChangeResult> = {}): ChangeResult {
  return {
    changed: true,
    alert: true,
    kinds: ["price"],
    significance: 61.6,
    summary: "Price went from USD 24.99 to USD 19.99",
    diffs: {
      text: [
        { op: "change", before: "USD 24.99", after: "USD 19.99" },
        { op: "equal", before: "Acme Anvil", after: "Acme Anvil" },
      ],
      items: { added: [], removed: [] },
      images: { added: [], removed: [] },
      price: {
        before: { amount: 24.99, currency: "USD", maxAmount: null, source: "json-ld" },
        after: { amount: 19.99, currency: "USD", maxAmount: null, source: "json-ld" },
        absolute: -5,
        percent: -20,
      },
      availability: null,
      structure: { added: [], removed: [] },
      visual: null,
    },
    conditions: [],
    flipFlop: false,
    fingerprint: "f1",
    ...overrides,
  } as ChangeResult;
}

const png = new Uint8Array([137, 80, 78, 71]);

interface Case {
  name: string;
  monitor?: Partial<MonitorRow>;
  outcome: PageCheckOutcome;
  status: CheckPlan["check"]["status"];
  quiet: boolean;
  /** Fields of the monitor's new state (only these are compared). */
  state: Partial<CheckPlan["state"]>;
  /** Keys the state must NOT set (left as they are on the row). */
  untouched?: string[];
  store?: Partial<NonNullable<CheckPlan["store"]>> | null;
  change?: Partial<NonNullable<CheckPlan["change"]>> | null;
  alerts?: string[];
  price?: number | null;
  /** What the check row keeps of the noise filter's counts (null when nothing was ignored). */
  ignored?: CheckPlan["check"]["ignored"];
}

/** An unchanged page: quiet, its facts and body hash refreshed, its price point kept. */
const unchangedPlan = {
  status: "unchanged",
  quiet: true,
  state: {
    bodyHash: "b2:k",
    latest: { title: "Acme Anvil", price: { amount: 24.99, currency: "USD" }, availability: "in_stock" },
  },
  untouched: ["learnedNoise", "recentFingerprints", "lastChangeAt"],
  price: 24.99,
} satisfies Partial<Case>;

const cases: Case[] = [
  {
    name: "not modified: only the schedule moves",
    outcome: { ...fetched, kind: "not_modified" },
    status: "not_modified",
    quiet: true,
    state: { lastCheckedAt: now, nextCheckAt: hourLater, consecutiveFailures: 0, etag: '"e2"' },
    untouched: ["bodyHash", "latest", "learnedNoise", "recentFingerprints", "latestSnapshotId"],
    price: null,
  },
  {
    name: "same body bytes: quiet, no facts rewritten",
    outcome: { ...fetched, kind: "same_body" },
    status: "unchanged",
    quiet: true,
    state: { lastError: null, nextCheckAt: hourLater },
    untouched: ["bodyHash", "latest", "lastChangeAt"],
    price: null,
  },
  {
    name: "unchanged: quiet, facts and body hash refreshed, price point kept",
    outcome: unchanged(snapshot()),
    ...unchangedPlan,
  },
  {
    name: "unchanged, compared where it was extracted (facts only): the same facts, hash and price point",
    outcome: {
      ...fetched,
      kind: "unchanged",
      facts: { title: "Acme Anvil", price: usd(24.99), availability: "in_stock", scopeMatched: null },
      rebase: false,
      fingerprint: "f0",
    },
    ...unchangedPlan,
  },
  {
    name: "unchanged with noise ignored: the check row keeps only the kinds that hid something",
    outcome: unchanged(snapshot(), {
      ignored: { timestamps: 2, counters: 0, ids: 1, learned: 0, rules: [{ rule: "Sponsored", lines: 1 }] },
    }),
    status: "unchanged",
    quiet: true,
    state: { bodyHash: "b2:k" },
    price: 24.99,
    ignored: { timestamps: 2, ids: 1, rules: [{ rule: "Sponsored", lines: 1 }] },
  },
  {
    name: "unchanged without a price: no price point",
    outcome: unchanged(snapshot(null)),
    status: "unchanged",
    quiet: true,
    state: { latest: { title: "Acme Anvil", price: null, availability: "in_stock" } },
    price: null,
  },
  {
    name: "unchanged with noise learned at this check: the noise is kept, still quiet",
    outcome: unchanged(snapshot(), { learnedNoise: noise }),
    status: "unchanged",
    quiet: true,
    state: { learnedNoise: noise },
  },
  {
    name: "flip-flop back to a recent version: stored silently, no change",
    outcome: unchanged(snapshot(), { rebase: true }),
    status: "unchanged",
    quiet: false,
    state: {},
    untouched: ["recentFingerprints", "lastChangeAt"],
    store: { fingerprint: "f0", screenshot: null, diffImage: null, takenAt: now },
    change: null,
    alerts: [],
  },
  {
    name: "baseline: stored, fingerprints and noise reset",
    monitor: { latestSnapshotId: null, learnedNoise: noise, recentFingerprints: ["a", "b"] },
    outcome: {
      ...fetched,
      kind: "baseline",
      version: { snapshot: snapshot() },
      screenshot: png,
      fingerprint: "f9",
    },
    status: "unchanged",
    quiet: false,
    state: { learnedNoise: null, recentFingerprints: ["f9"], bodyHash: "b2:k" },
    store: { fingerprint: "f9", screenshot: png, diffImage: null },
    change: null,
    alerts: [],
    price: 24.99,
  },
  {
    name: "changed and alerted: store, change and one change alert",
    outcome: changedTo(snapshot(19.99)),
    status: "changed",
    quiet: false,
    state: { lastChangeAt: now, recentFingerprints: ["f0", "f1"] },
    store: { fingerprint: "f1", screenshot: null, diffImage: null },
    change: {
      beforeSnapshotId: "s-old",
      significance: 62,
      alerted: true,
      priceBefore: 24.99,
      priceAfter: 19.99,
      currency: "USD",
      diffPercent: null,
    },
    alerts: ["change"],
    price: 19.99,
  },
  {
    name: "changed but held back by the conditions: a change row, no alert",
    outcome: {
      ...fetched,
      kind: "changed",
      version: { snapshot: snapshot(19.99) },
      screenshot: null,
      result: result({ alert: false }),
    },
    status: "changed",
    quiet: false,
    state: { lastChangeAt: now },
    change: { alerted: false },
    alerts: [],
  },
  {
    name: "changed with a visual diff: the diff image is stored with the change",
    outcome: {
      ...fetched,
      kind: "changed",
      version: { snapshot: snapshot() },
      screenshot: png,
      result: result({
        kinds: ["visual"],
        diffs: {
          ...result().diffs,
          price: null,
          visual: { percent: 12.5, changedPixels: 10, width: 4, height: 4, diffPng: png },
        },
      }),
    },
    status: "changed",
    quiet: false,
    state: {},
    store: { screenshot: png, diffImage: png },
    change: { diffPercent: 12.5, priceBefore: null, priceAfter: null, currency: null },
    alerts: ["change"],
  },
  {
    name: "changed: recent fingerprints keep the last five",
    monitor: { recentFingerprints: ["a", "b", "c", "d", "e"] },
    outcome: changedTo(snapshot()),
    status: "changed",
    quiet: false,
    state: { recentFingerprints: ["b", "c", "d", "e", "f1"] },
    alerts: ["change"],
  },
  {
    name: "first error: quiet, retried after the retry base",
    outcome: { ...fetched, kind: "error", error: "HTTP 503", httpStatus: 503 },
    status: "error",
    quiet: true,
    state: {
      lastError: "HTTP 503",
      consecutiveFailures: 1,
      failingAlerted: false,
      nextCheckAt: new Date(now.getTime() + 60_000),
    },
    untouched: ["etag", "bodyHash", "latest"],
    alerts: [],
    price: null,
  },
  {
    name: "error reaching the threshold: one failing alert",
    monitor: { consecutiveFailures: 2 },
    outcome: { ...fetched, kind: "error", error: "HTTP 503" },
    status: "error",
    quiet: false,
    state: { consecutiveFailures: 3, failingAlerted: true, nextCheckAt: new Date(now.getTime() + 240_000) },
    store: null,
    change: null,
    alerts: ["failing"],
  },
  {
    name: "error after the failing alert was sent: quiet again",
    monitor: { consecutiveFailures: 5, failingAlerted: true },
    outcome: { ...fetched, kind: "error", error: "HTTP 503" },
    status: "error",
    quiet: true,
    state: { consecutiveFailures: 6, failingAlerted: true, nextCheckAt: new Date("2026-03-01T12:32:00Z") },
    alerts: [],
  },
  {
    name: "not modified after failing: the recovered alert",
    monitor: { consecutiveFailures: 4, failingAlerted: true },
    outcome: { ...fetched, kind: "not_modified" },
    status: "not_modified",
    quiet: false,
    state: { consecutiveFailures: 0, failingAlerted: false, lastError: null },
    store: null,
    alerts: ["recovered"],
  },
  {
    name: "unchanged after failing: the recovered alert",
    monitor: { consecutiveFailures: 4, failingAlerted: true },
    outcome: unchanged(snapshot()),
    status: "unchanged",
    quiet: false,
    state: { failingAlerted: false },
    store: null,
    alerts: ["recovered"],
  },
  {
    name: "changed after failing: the change alert, then the recovered alert",
    monitor: { consecutiveFailures: 4, failingAlerted: true },
    outcome: changedTo(snapshot()),
    status: "changed",
    quiet: false,
    state: { failingAlerted: false, consecutiveFailures: 0 },
    alerts: ["change", "recovered"],
  },
  {
    name: "an error below the threshold keeps the ETag and facts of the last good check",
    monitor: { consecutiveFailures: 1, etag: '"e1"' },
    outcome: { ...fetched, kind: "error", error: "timeout", httpStatus: null, etag: null },
    status: "error",
    quiet: true,
    state: { consecutiveFailures: 2, nextCheckAt: new Date(now.getTime() + 120_000) },
    untouched: ["etag", "lastModified", "latestSnapshotId"],
  },
];

describe("planRecord", () => {
  it.each(cases)("$name", (c) => {
    const plan = planRecord({ ...monitor, ...c.monitor }, c.outcome, now, ctx);
    expect(plan.check).toEqual({
      startedAt,
      durationMs: c.outcome.durationMs,
      status: c.status,
      httpStatus: c.outcome.httpStatus,
      error: c.outcome.kind === "error" ? c.outcome.error : null,
      ignored: c.ignored ?? null,
    });
    expect(plan.live).toEqual({ type: "check", monitorId: "m1", status: c.status, at: now.toISOString() });
    expect(isQuiet(plan)).toBe(c.quiet);
    expect(plan.state).toMatchObject(c.state);
    for (const key of c.untouched ?? []) expect(plan.state).not.toHaveProperty(key);
    if (c.store === null) expect(plan.store).toBeUndefined();
    else if (c.store) expect(plan.store).toMatchObject(c.store);
    if (c.change === null) expect(plan.change).toBeUndefined();
    else if (c.change) expect(plan.change).toMatchObject(c.change);
    if (c.alerts) expect(plan.alerts.map((a) => a.kind)).toEqual(c.alerts);
    if (c.price !== undefined) expect(plan.price?.amount ?? null).toBe(c.price);
  });

  it("the change alert carries the diff excerpt and the price text", () => {
    const plan = planRecord(monitor, changedTo(snapshot(19.99)), now, ctx);
    expect(plan.alerts[0]).toEqual({
      kind: "change",
      change: {
        detectedAt: now,
        kinds: ["price"],
        summary: "Price went from USD 24.99 to USD 19.99",
        significance: 62,
        diffExcerpt: { added: ["USD 19.99"], removed: ["USD 24.99"] },
        price: { before: "USD 24.99", after: "USD 19.99" },
      },
    });
  });

  it("the failing alert names the error and the failures in a row", () => {
    const plan = planRecord(
      { ...monitor, consecutiveFailures: 2 },
      { ...fetched, kind: "error", error: "HTTP 503" },
      now,
      ctx,
    );
    expect(plan.alerts).toEqual([{ kind: "failing", reason: "HTTP 503", consecutiveFailures: 3 }]);
  });
});
