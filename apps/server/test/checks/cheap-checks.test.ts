/**
 * Cheap unchanged checks (issue 11): the same body bytes are not parsed again, the first check fetches
 * once, and noise is learned from a second fetch at the first difference instead.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, gzipSync } from "node:zlib";
import { monitorSchema } from "@changeradar/contracts";
import { emptyLearnedNoise, inProcessEngine, type PageEngine } from "@changeradar/engine";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CheckWorker, createCheckWorker } from "../../src/checks/check-worker";
import { blobs } from "../../src/db/schema/blobs";
import { pricePoints, snapshots } from "../../src/db/schema/checks";
import { monitors } from "../../src/db/schema/monitors";
import {
  changeCount,
  checkCount,
  checkOnce,
  insertPausedMonitors,
  manualWorker,
  testTiming,
} from "../monitors/support/checks";
import { type PageServer, productPage, startPageServer } from "../monitors/support/page-server";
import { eventually, startTestApp, type TestApp } from "../monitors/support/test-app";

let t: TestApp;
let pages: PageServer;
let worker: CheckWorker;

beforeAll(async () => {
  [t, pages] = await Promise.all([startTestApp(), startPageServer()]);
  worker = manualWorker(t.database.handle.db);
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await pages.close();
});

const db = () => t.database.handle.db;

async function createMonitor(url: string, watch = ["text", "price"]) {
  const owner = await t.signUp("Business");
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/monitors",
    headers: owner.auth,
    payload: { url, frequency: "1d", watch },
  });
  expect(res.statusCode).toBe(201);
  const monitor = monitorSchema.parse(res.json());
  await eventually(
    () => checkCount(db(), monitor.id),
    (n) => n === 1,
  );
  return { owner, monitor };
}

const row = async (id: string) => (await db().select().from(monitors).where(eq(monitors.id, id)))[0];
const prices = async (id: string) =>
  (await db().select({ n: count() }).from(pricePoints).where(eq(pricePoints.monitorId, id)))[0].n;
const priceSeen = async (id: string) =>
  (
    await db().select({ at: pricePoints.lastSeenAt }).from(pricePoints).where(eq(pricePoints.monitorId, id))
  )[0].at;

describe("the same body bytes", () => {
  it("are recognised by their hash: the check moves the schedule and writes no facts again", async () => {
    pages.set("/same", productPage());
    const { monitor } = await createMonitor(pages.url("/same"));
    const first = await row(monitor.id);
    expect(first.bodyHash).toMatch(/^[0-9a-f]{64}:[0-9a-f]{16}$/);
    expect(await prices(monitor.id)).toBe(1);

    await checkOnce(db(), worker, monitor.id);
    const second = await row(monitor.id);
    expect(second.bodyHash).toBe(first.bodyHash);
    expect(second.lastCheckedAt!.getTime()).toBeGreaterThan(first.lastCheckedAt!.getTime());
    // Parsing the page is what writes a price point: none for the same bytes.
    expect(await prices(monitor.id)).toBe(1);
    expect(await changeCount(db(), monitor.id)).toBe(0);
  });

  it("are parsed again once the monitor's settings changed", async () => {
    pages.set("/settings", productPage());
    const { owner, monitor } = await createMonitor(pages.url("/settings"));
    const patched = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/monitors/${monitor.id}`,
      headers: owner.auth,
      payload: { watch: ["price"] },
    });
    expect(patched.statusCode).toBe(200);
    // Parsing the page is what sees the price again: its one point's run end moves.
    await checkOnce(db(), worker, monitor.id);
    const parsed = await priceSeen(monitor.id);
    expect(parsed).not.toBeNull();
    await checkOnce(db(), worker, monitor.id);
    expect(await priceSeen(monitor.id)).toEqual(parsed);
    expect(await prices(monitor.id)).toBe(1);
  });

  it("one byte different is parsed and compared as before", async () => {
    pages.set("/byte", productPage());
    const { monitor } = await createMonitor(pages.url("/byte"));
    pages.set("/byte", productPage({ text: "A sturdy anvil for every workshop!" }));
    await checkOnce(db(), worker, monitor.id);
    expect(await changeCount(db(), monitor.id)).toBe(1);
  });
});

describe("a changed version", () => {
  it("is stored as the engine's job encoded it, not serialised and gzipped again on the main thread", async () => {
    pages.set("/encoded", productPage());
    const { monitor } = await createMonitor(pages.url("/encoded"));
    pages.set("/encoded", productPage({ text: "Now with a hardened face" }));
    // The job's bytes, gzipped again at another level than the writer's: the stored bytes show whose they are.
    const fromJobs: Uint8Array[] = [];
    const engine = new Proxy(inProcessEngine, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== "extractAndCompare") return value;
        return async (...args: Parameters<PageEngine["extractAndCompare"]>) => {
          const answer = await target.extractAndCompare(...args);
          if (!("stored" in answer)) return answer;
          const { encoded } = answer.stored;
          const gzip = gzipSync(gunzipSync(encoded.gzip), { level: 1 });
          fromJobs.push(gzip);
          return { ...answer, stored: { ...answer.stored, encoded: { ...encoded, gzip } } };
        };
      },
    });
    const encoding = startedWorker(engine);
    try {
      await checkOnce(db(), encoding, monitor.id);
    } finally {
      await encoding.stop();
    }
    expect(await changeCount(db(), monitor.id)).toBe(1);
    expect(fromJobs).toHaveLength(1);
    const { latestSnapshotId } = await row(monitor.id);
    const [stored] = await db()
      .select({ data: blobs.data })
      .from(snapshots)
      .innerJoin(blobs, eq(blobs.id, snapshots.contentBlobId))
      .where(eq(snapshots.id, latestSnapshotId as string));
    expect(Buffer.from(stored.data)).toEqual(Buffer.from(fromJobs[0] as Uint8Array));
  });
});

describe("a first version", () => {
  it("is extracted, fingerprinted and encoded in one engine job, and stored as that job encoded it", async () => {
    pages.set("/first", productPage());
    const owner = await t.signUp("Business");
    const [id] = await insertPausedMonitors(db(), owner.id, [pages.url("/first")]);
    await db().update(monitors).set({ paused: false }).where(eq(monitors.id, id));
    const asked: string[] = [];
    const fromJobs: { gzip: Uint8Array; fingerprint: string }[] = [];
    const engine = new Proxy(inProcessEngine, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== "function") return value;
        asked.push(String(key));
        if (key !== "extractForStore") return value;
        return async (...args: Parameters<PageEngine["extractForStore"]>) => {
          const answer = await target.extractForStore(...args);
          // Gzipped again at another level than the writer's: the stored bytes show whose they are.
          const { encoded } = answer.stored;
          const gzip = gzipSync(gunzipSync(encoded.gzip), { level: 1 });
          fromJobs.push({ gzip, fingerprint: answer.fingerprint });
          return { ...answer, stored: { ...answer.stored, encoded: { ...encoded, gzip } } };
        };
      },
    });
    const first = startedWorker(engine);
    try {
      await checkOnce(db(), first, id);
    } finally {
      await first.stop();
    }
    expect(asked).toEqual(["extractForStore"]);
    const { latestSnapshotId, recentFingerprints } = await row(id);
    const [stored] = await db()
      .select({ data: blobs.data, fingerprint: snapshots.fingerprint })
      .from(snapshots)
      .innerJoin(blobs, eq(blobs.id, snapshots.contentBlobId))
      .where(eq(snapshots.id, latestSnapshotId as string));
    expect(Buffer.from(stored.data)).toEqual(Buffer.from(fromJobs[0]?.gzip as Uint8Array));
    expect(stored.fingerprint).toBe(fromJobs[0]?.fingerprint);
    expect(recentFingerprints).toEqual([fromJobs[0]?.fingerprint]);
  });
});

/** A check worker whose engine (the real one, in this thread) counts what the checks ask of it. */
function countingWorker() {
  const asked: string[] = [];
  const engine = new Proxy(inProcessEngine, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        asked.push(String(key));
        return value.apply(target, args);
      };
    },
  });
  return { asked, counting: startedWorker(engine) };
}

/** A check worker without a scheduler, started, that runs its checks' engine work on `engine`. */
function startedWorker(engine: PageEngine): CheckWorker {
  const started = createCheckWorker({
    db: db(),
    fetch: { allowPrivateTargets: true, browserPool: null, totalTimeoutMs: 5_000, engine },
    timing: testTiming,
    schedule: false,
    stopGraceMs: 100,
  });
  started.start();
  return started;
}

/** One more check while only the noise moves: the engine is asked nothing, and no change is recorded. */
async function expectNoiseOnlyCheck(
  asked: string[],
  worker: CheckWorker,
  monitorId: string,
  changes: number,
) {
  asked.length = 0;
  await checkOnce(db(), worker, monitorId);
  expect(asked).toEqual([]);
  expect(await changeCount(db(), monitorId)).toBe(changes);
}

/** A form's hidden token, other in each answer `n` of the page. */
const hiddenToken = (n: number, field = "csrf_token") =>
  `<form><input type="hidden" name="${field}" value="${(n * 7919).toString(36)}x${n}"></form>`;

/**
 * One more check while only the token moves: a second read (not parsed) learns the token by the text
 * before it, and the check after that is not parsed.
 */
async function expectTokenLearned(
  counting: ReturnType<typeof countingWorker>,
  page: { served: number },
  monitorId: string,
  context: string,
) {
  const served = page.served;
  counting.asked.length = 0;
  await checkOnce(db(), counting.counting, monitorId);
  expect(counting.asked).toEqual(["extractAndCompare"]);
  expect(page.served - served).toBe(2);
  expect((await row(monitorId)).learnedNoise).toMatchObject({ volatileBodyTokens: [context] });
  await expectNoiseOnlyCheck(counting.asked, counting.counting, monitorId, 0);
}

/** A page with `noise(n)` in its n-th answer, watched for text by a new user; its first check taken. */
async function watchNoisyPage(noise: (request: number) => string) {
  const page = { text: "A sturdy anvil for every workshop.", served: 0 };
  const server = createServer((_request, response) => {
    page.served += 1;
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(productPage({ text: page.text, extra: noise(page.served) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { monitor } = await createMonitor(
    `http://127.0.0.1:${(server.address() as AddressInfo).port}/noisy`,
    ["text"],
  );
  const close = () => {
    server.closeAllConnections();
    server.close();
  };
  return { page, monitorId: monitor.id, close };
}

describe("noise learned at the first difference", () => {
  it("is not parsed from a second read whose bytes are the first's: nothing is volatile", async () => {
    const { asked, counting } = countingWorker();
    try {
      pages.set("/real", productPage());
      const { monitor } = await createMonitor(pages.url("/real"), ["text"]);
      pages.set("/real", productPage({ text: "Now with a free hammer for every buyer." }));
      const fetchedBefore = pages.hits("/real");
      await checkOnce(db(), counting, monitor.id);

      expect(pages.hits("/real") - fetchedBefore).toBe(2);
      expect(asked).toEqual(["extractAndCompare"]);
      expect((await row(monitor.id)).learnedNoise).toEqual({
        ...emptyLearnedNoise(),
        bodyTokensLearnedAt: expect.any(String),
      });
      expect(await changeCount(db(), monitor.id)).toBe(1);
    } finally {
      await counting.stop();
    }
  });

  it("learns a token hidden in a form from the bytes alone, and the page is not parsed while only it moves", async () => {
    const { page, monitorId, close } = await watchNoisyPage(hiddenToken);
    const { asked, counting } = countingWorker();
    try {
      // Other bytes, nothing visible changed: a second read (not parsed) shows the token.
      await checkOnce(db(), counting, monitorId);
      expect(page.served).toBe(3);
      expect(asked).toEqual(["extractAndCompare"]);
      expect((await row(monitorId)).learnedNoise).toMatchObject({
        volatileBodyTokens: ['name="csrf_token" value="'],
        linesUnlearned: true,
      });

      asked.length = 0;
      await checkOnce(db(), counting, monitorId);
      expect(page.served).toBe(4);
      expect(asked).toEqual([]);

      // A real change is parsed; its lines are learned then, from a second read like the first but the token.
      page.text = "Now with a free hammer for every buyer.";
      await checkOnce(db(), counting, monitorId);
      expect(asked).toEqual(["extractAndCompare"]);
      expect(await changeCount(db(), monitorId)).toBe(1);
      const learned = (await row(monitorId)).learnedNoise as Record<string, unknown>;
      expect(learned.linesUnlearned).toBeUndefined();
      expect(learned.volatileBodyTokens).toEqual(['name="csrf_token" value="']);

      await expectNoiseOnlyCheck(asked, counting, monitorId, 1);
    } finally {
      await counting.stop();
      close();
    }
  });

  it("learns the token again when the text before it moved, so the page is not parsed again for long", async () => {
    let field = "csrf_token";
    const { page, monitorId, close } = await watchNoisyPage((n) => hiddenToken(n, field));
    const learner = countingWorker();
    try {
      await expectTokenLearned(learner, page, monitorId, 'name="csrf_token" value="');

      // A new release renames the field: the known token's context is gone, so the page is parsed once
      // (nothing visible changed) and a second read's bytes show the token under its new context.
      field = "authenticity_token";
      await expectTokenLearned(learner, page, monitorId, 'name="authenticity_token" value="');
    } finally {
      await learner.counting.stop();
      close();
    }
  });

  it("a token that rotates on every request never alerts; a real change does", async () => {
    // A page whose session token differs on every request, like a real busy site.
    const { page, monitorId, close } = await watchNoisyPage(
      (n) => `<p>Session token ${(n * 7919).toString(36)}q${n}</p>`,
    );
    const { asked, counting } = countingWorker();
    try {
      expect(page.served).toBe(1);
      expect((await row(monitorId)).learnedNoise).toBeNull();

      // The first difference: a second fetch right away shows what is volatile, in the text and in the
      // bytes (the token, known by the text before it).
      await checkOnce(db(), counting, monitorId);
      expect(page.served).toBe(3);
      expect((await row(monitorId)).learnedNoise).toMatchObject({ volatileBodyTokens: ["p>Session token "] });
      expect(await changeCount(db(), monitorId)).toBe(0);

      // Learned once: the next rotation is noise, with one fetch, and the page is not parsed.
      asked.length = 0;
      await checkOnce(db(), counting, monitorId);
      expect(page.served).toBe(4);
      expect(asked).toEqual([]);
      expect(await changeCount(db(), monitorId)).toBe(0);

      page.text = "Now with a free hammer for every buyer.";
      await checkOnce(db(), counting, monitorId);
      expect(asked).toEqual(["extractAndCompare"]);
      expect(await changeCount(db(), monitorId)).toBe(1);

      // The new version's hash leaves the token out too: the next rotation is not parsed either.
      await expectNoiseOnlyCheck(asked, counting, monitorId, 1);
    } finally {
      await counting.stop();
      close();
    }
  });

  it("a monitor whose noise was learned before tokens were learns them at its next noise-only check", async () => {
    const { page, monitorId, close } = await watchNoisyPage(hiddenToken);
    // Lines learned by an earlier release: no tokens, and no sign that the bytes were ever looked at.
    await db().update(monitors).set({ learnedNoise: emptyLearnedNoise() }).where(eq(monitors.id, monitorId));
    const learner = countingWorker();
    try {
      await expectTokenLearned(learner, page, monitorId, 'name="csrf_token" value="');
    } finally {
      await learner.counting.stop();
      close();
    }
  });

  it("a page whose bytes showed no token is read again for one a day later, not before", async () => {
    let token = false;
    const { page, monitorId, close } = await watchNoisyPage((n) =>
      token
        ? `<form><input type="hidden" name="csrf_token" value="${(n * 7919).toString(36)}x${n}"></form>`
        : "",
    );
    const triedAt = (at: Date) =>
      db()
        .update(monitors)
        .set({ learnedNoise: { ...emptyLearnedNoise(), bodyTokensLearnedAt: at.toISOString() } })
        .where(eq(monitors.id, monitorId));
    await triedAt(new Date());
    const learner = countingWorker();
    try {
      // The page takes up a token: within the day, one read (parsed: nothing visible changed).
      token = true;
      const served = page.served;
      await checkOnce(db(), learner.counting, monitorId);
      expect(page.served - served).toBe(1);
      expect(learner.asked).toEqual(["extractAndCompare"]);
      expect(await changeCount(db(), monitorId)).toBe(0);

      // A day after the last try, the bytes are read again and the token is learned.
      await triedAt(new Date(Date.now() - 25 * 60 * 60 * 1000));
      await expectTokenLearned(learner, page, monitorId, 'name="csrf_token" value="');
    } finally {
      await learner.counting.stop();
      close();
    }
  });
});
