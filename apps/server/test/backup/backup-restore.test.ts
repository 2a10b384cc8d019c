import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../helpers/client";
import { createTestDatabase, embeddedDataDir, type TestDatabase } from "../helpers/database";
import { killLeftovers, type RunningServe, runCli, startServe } from "../helpers/processes";
import { uniqueEmail } from "../helpers/users";
import { type PageServer, startPageServer } from "../monitors/support/page-server";
import { eventually } from "../monitors/support/test-app";

/**
 * `changeradar backup` while `changeradar serve` runs and writes, `changeradar restore` into a fresh data
 * directory or database, and a new server on it answering the monitor's history. Each pass of the suite
 * tests its own database: the embedded one without DATABASE_URL, PostgreSQL with it.
 */
const JWT_SECRET = "backup-restore-test-secret-backup-restore-0123";
const workDir = mkdtempSync(join(tmpdir(), "changeradar-backup-test-"));
/** The embedded database backed up: a copy of the run's migrated template, so serve skips initdb. */
const embeddedSource = embeddedDataDir("changeradar-backup-source-");
let pages: PageServer;

beforeAll(async () => {
  pages = await startPageServer();
});
afterEach(() => killLeftovers());
afterAll(async () => {
  await pages.close();
  rmSync(workDir, { recursive: true, force: true });
  rmSync(embeddedSource, { recursive: true, force: true });
});

const baseEnv = (dataDir: string, databaseUrl?: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  JWT_SECRET,
  LOG_LEVEL: "warn",
  ALLOW_PRIVATE_TARGETS: "true",
  RATE_LIMIT_SCALE: "100",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

interface History {
  checks: Array<Record<string, unknown>>;
  changes: Array<Record<string, unknown>>;
}

async function readHistory(client: ApiClient, monitorId: string): Promise<History> {
  const checks = await client.get<{ items: Array<Record<string, unknown>> }>(`/monitors/${monitorId}/checks`);
  const changes = await client.get<{ items: Array<Record<string, unknown>> }>(
    `/monitors/${monitorId}/changes`,
  );
  expect(checks.status).toBe(200);
  expect(changes.status).toBe(200);
  return { checks: checks.body.items, changes: changes.body.items };
}

/** A user with a monitor checked twice, the second time with a change, all through the running server. */
async function monitorWithHistory(serve: RunningServe, path: string) {
  const client = new ApiClient(serve.baseUrl);
  const signUp = await client.post<{ accessToken: string }>("/users/new-merchant", {
    email: uniqueEmail("backup"),
    password: "correct horse 1!",
    firstName: "Ada",
    planType: "Free",
    period: "monthly",
  });
  expect(signUp.status).toBe(200);
  client.token = signUp.body.accessToken;
  pages.set(path, "<html><body><h1>Opening hours</h1><p>Monday to Friday, 9 to 17</p></body></html>");
  const created = await client.post<{ id: string }>("/monitors", {
    url: pages.url(path),
    name: "Watched 0",
    frequency: "1d",
    watch: ["text"],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const monitorId = created.body.id;
  await eventually(
    () => readHistory(client, monitorId),
    (h) => h.checks.length >= 1,
    90_000,
  );
  pages.set(path, "<html><body><h1>Opening hours</h1><p>Monday to Saturday, 9 to 18</p></body></html>");
  expect((await client.post(`/monitors/${monitorId}/check`, {})).status).toBe(202);
  const history = await eventually(
    () => readHistory(client, monitorId),
    (h) => h.checks.length >= 2 && h.changes.length >= 1,
    90_000,
  );
  return { client, monitorId, history };
}

/** Renames the monitor over and over while `during` runs: the backup is taken under writes. */
async function whileWriting<T>(client: ApiClient, monitorId: string, during: Promise<T>) {
  let finished = false;
  let acknowledged = 0;
  const writer = (async () => {
    for (let n = 1; !finished; n++) {
      const renamed = await client.request("PATCH", `/monitors/${monitorId}`, {
        json: { name: `Watched ${n}` },
      });
      expect(renamed.status).toBe(200);
      acknowledged = n;
    }
  })();
  const result = await during.finally(() => {
    finished = true;
  });
  await writer;
  return { result, acknowledged };
}

async function expectSameHistory(serve: RunningServe, token: string, monitorId: string, before: History) {
  const client = new ApiClient(serve.baseUrl);
  client.token = token;
  const after = await readHistory(client, monitorId);
  expect(after.checks.map((c) => c.id)).toEqual(before.checks.map((c) => c.id));
  // The monitor was renamed while the backup ran; the change itself is the same.
  const withoutName = ({ monitorName: _, ...change }: Record<string, unknown>) => change;
  expect(after.changes.map(withoutName)).toEqual(before.changes.map(withoutName));
  const detail = await client.get<{ id: string; summary: string }>(`/changes/${before.changes[0]?.id}`);
  expect(detail.status).toBe(200);
  const monitor = await client.get<{ name: string }>(`/monitors/${monitorId}`);
  return monitor.body.name;
}

describe.runIf(!process.env.DATABASE_URL)("backup and restore of the embedded database", () => {
  it("backs up while serve runs and writes, restores into a fresh DATA_DIR, and the history reads back", async () => {
    const source = embeddedSource;
    const serve = await startServe(baseEnv(source));
    const { client, monitorId, history } = await monitorWithHistory(serve, "/embedded");

    const file = join(workDir, "embedded.backup");
    const { result: backup, acknowledged } = await whileWriting(
      client,
      monitorId,
      runCli(["backup", file], baseEnv(source)),
    );
    expect(backup, backup.err).toMatchObject({ code: 0 });
    expect(backup.out).toContain(`Backed up the embedded database in ${source} to ${file}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(acknowledged).toBeGreaterThan(0);

    const again = await runCli(["backup", file], baseEnv(source));
    expect(again.code).toBe(1);
    expect(again.err).toContain(`${file} exists already`);

    const inUse = await runCli(["restore", file, "--force"], baseEnv(source));
    expect(inUse.code).toBe(1);
    expect(inUse.err).toContain("is in use by ChangeRadar process");
    await serve.stop();

    const occupied = join(workDir, "occupied");
    mkdirSync(occupied);
    writeFileSync(join(occupied, "notes.txt"), "keep me");
    const refused = await runCli(["restore", file], baseEnv(occupied));
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`DATA_DIR ${occupied} is not empty (notes.txt)`);
    expect(refused.err).toContain("--force");

    const fresh = join(workDir, "fresh");
    const restore = await runCli(["restore", file], baseEnv(fresh));
    expect(restore, restore.err).toMatchObject({ code: 0 });
    expect(existsSync(join(fresh, "pglite", "PG_VERSION"))).toBe(true);

    const restored = await startServe(baseEnv(fresh));
    try {
      const name = await expectSameHistory(restored, client.token as string, monitorId, history);
      // One of the names written before the backup finished: a state the server really had.
      const written = Number(/^Watched (\d+)$/.exec(name)?.[1]);
      expect(written).toBeGreaterThanOrEqual(0);
      expect(written).toBeLessThanOrEqual(acknowledged + 1);
    } finally {
      await restored.stop();
    }
  }, 600_000);

  it("backs up a DATA_DIR no server holds by opening it itself", async () => {
    const empty = join(workDir, "nothing-here");
    const missing = await runCli(["backup", join(workDir, "none.backup")], baseEnv(empty));
    expect(missing.code).toBe(1);
    expect(missing.err).toContain(`There is no embedded database in ${empty}`);

    const source = embeddedSource;
    const file = join(workDir, "offline.backup");
    const backup = await runCli(["backup", file], baseEnv(source));
    expect(backup, backup.err).toMatchObject({ code: 0 });
    const junk = join(workDir, "junk.backup");
    writeFileSync(junk, "not a backup");
    const notBackup = await runCli(["restore", junk], baseEnv(join(workDir, "fresh-2")));
    expect(notBackup.code).toBe(1);
    expect(notBackup.err).toContain("is not a ChangeRadar backup");
  }, 300_000);
});

describe.runIf(process.env.DATABASE_URL)("backup and restore of PostgreSQL", () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of databases) await database.destroy();
  });

  it("backs up with pg_dump while serve writes, restores into another database, and the history reads back", async () => {
    const [from, to] = await Promise.all([createTestDatabase("postgres"), createTestDatabase("postgres")]);
    databases.push(from, to);
    const fromUrl = from.location.databaseUrl as string;
    const toUrl = to.location.databaseUrl as string;
    const serve = await startServe(baseEnv(join(workDir, "pg-source"), fromUrl));
    const { client, monitorId, history } = await monitorWithHistory(serve, "/postgres");

    const file = join(workDir, "postgres.backup");
    const { result: backup, acknowledged } = await whileWriting(
      client,
      monitorId,
      runCli(["backup", file], baseEnv(join(workDir, "pg-source"), fromUrl)),
    );
    expect(backup, backup.err).toMatchObject({ code: 0 });
    expect(backup.out).toContain("Backed up the PostgreSQL database");
    await serve.stop();

    // The target was migrated by the test helper, so it is not empty: refused unless --force.
    const target = baseEnv(join(workDir, "pg-target"), toUrl);
    const refused = await runCli(["restore", file], target);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("is not empty");
    expect(refused.err).toContain("--force");
    const restore = await runCli(["restore", file, "--force"], target);
    expect(restore, restore.err).toMatchObject({ code: 0 });
    expect(restore.out).toContain("start the restored server with the same JWT_SECRET");

    const wrongKind = await runCli(["restore", file], baseEnv(join(workDir, "pg-as-embedded")));
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.err).toContain("is a backup of a PostgreSQL database");

    const restored = await startServe(target);
    try {
      const name = await expectSameHistory(restored, client.token as string, monitorId, history);
      const written = Number(/^Watched (\d+)$/.exec(name)?.[1]);
      expect(written).toBeLessThanOrEqual(acknowledged + 1);
    } finally {
      await restored.stop();
    }
  }, 600_000);

  it("says how to get pg_dump when it is missing", async () => {
    const database = await createTestDatabase("postgres");
    databases.push(database);
    const env = { ...baseEnv(join(workDir, "pg-no-tools"), database.location.databaseUrl as string) };
    const result = await runCli(["backup", join(workDir, "never.backup")], { ...env, PATH: "/nonexistent" });
    expect(result.code).toBe(1);
    expect(result.err).toContain("pg_dump was not found on this machine's PATH");
  }, 120_000);
});
