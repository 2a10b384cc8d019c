import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { WatchKind } from "@changeradar/contracts";
import { sql } from "drizzle-orm";
import { createChannel } from "../src/alerts/channels.service";
import { systemClock } from "../src/clock";
import { type Config, loadConfig } from "../src/config";
import { createDatabase, type DatabaseHandle } from "../src/db/database";
import { migrate } from "../src/db/migrate";
import { monitors } from "../src/db/schema/monitors";
import { createLogger, type Logger } from "../src/logger";
import { createMailer, type Mailer } from "../src/mail/mailer";
import { toAuthUser } from "../src/users/users.presenter";
import { createScratchDatabase, insertBusinessUser } from "./scratch";
import { tableBytes, totalBytes } from "./table-bytes";

export interface BenchEnvironment {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  log: Logger;
  close(): Promise<void>;
}

/** A fresh database: PGlite in a temporary directory, or a new database on DATABASE_URL's server. */
export async function openBenchEnvironment(postgresUrl: string | undefined): Promise<BenchEnvironment> {
  const dataDir = mkdtempSync(join(tmpdir(), "cr-bench-"));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (postgresUrl) {
    const scratch = await createScratchDatabase(postgresUrl, "cr_bench");
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: "benchmark-secret-benchmark-secret-benchmark",
    ALLOW_PRIVATE_TARGETS: "true",
    LOG_LEVEL: "silent",
  });
  if (!databaseUrl) {
    // initdb runs in a child process: a running server reopens an existing data directory, and
    // initdb's one-off memory peak (never given back to the system) is not what the service needs.
    const script = fileURLToPath(new URL("./create-database.ts", import.meta.url));
    execFileSync(process.execPath, ["--import", "tsx/esm", script, dataDir], { stdio: "inherit" });
  }
  const database = await createDatabase(config);
  await migrate(database);
  const log = createLogger(config);
  const mailer = createMailer({ config, db: database.db, log });
  return {
    config,
    database,
    mailer,
    log,
    async close() {
      await mailer.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const MONITORS_PER_USER = 50;

/** Business users (50 monitors each, the plan's limit), each with a webhook channel to the receiver. */
export async function insertMonitors(
  env: BenchEnvironment,
  count: number,
  pageOrigin: string,
  webhookUrl: string,
): Promise<void> {
  const urls = Array.from({ length: count }, (_, index) => `${pageOrigin}/p/${index}`);
  await insertMonitorsFor(env, urls, webhookUrl, ["text"]);
}

/** One monitor per URL (none due before tomorrow), 50 per Business user with a webhook channel each. */
export async function insertMonitorsFor(
  env: BenchEnvironment,
  urls: readonly string[],
  webhookUrl: string,
  watch: readonly WatchKind[],
): Promise<void> {
  const { db } = env.database;
  const services = { db, config: env.config, mailer: env.mailer, clock: systemClock };
  for (let first = 0; first < urls.length; first += MONITORS_PER_USER) {
    const user = await insertBusinessUser(db, first);
    const owner = { ...toAuthUser(user), plan: user.planType };
    const channel = await createChannel(
      { ...services, user: owner },
      {
        type: "webhook",
        name: "Bench receiver",
        config: { url: webhookUrl },
      },
    );
    const rows = urls.slice(first, first + MONITORS_PER_USER).map((url, k) => ({
      userId: user.id,
      url,
      host: new URL(url).hostname,
      name: `Page ${first + k}`,
      frequency: "1d" as const,
      watch: [...watch],
      channelIds: [channel.id],
      nextCheckAt: new Date(Date.now() + 86_400_000),
    }));
    await db.insert(monitors).values(rows);
  }
}

/**
 * Makes `monitorsDue` monitors (by name order) due spread evenly over `spreadMs` from `from` (now when
 * absent), the rest tomorrow.
 */
export async function scheduleSpread(
  env: BenchEnvironment,
  monitorsDue: number,
  spreadMs: number,
  from?: Date,
): Promise<void> {
  const start = from ? sql`${from.toISOString()}::timestamptz` : sql`now()`;
  await env.database.db.execute(sql`
    with ranked as (select id, row_number() over (order by created_at, id) - 1 as n from monitors)
    update monitors m set
      next_check_at = case when r.n < ${monitorsDue}
        then ${start} + make_interval(secs => (r.n::float8 / ${Math.max(1, monitorsDue)}) * ${spreadMs / 1000})
        else now() + interval '1 day' end
    from ranked r where r.id = m.id`);
}

/** Bytes of every table of the public schema, with their indexes and TOAST. */
export async function databaseBytes(env: BenchEnvironment): Promise<number> {
  return totalBytes(await tableBytes(env.database));
}

export async function countRows(env: BenchEnvironment, query: ReturnType<typeof sql>): Promise<number> {
  const result = await env.database.db.execute(query);
  return Number((result as unknown as { rows: { n: number | string }[] }).rows[0].n);
}
