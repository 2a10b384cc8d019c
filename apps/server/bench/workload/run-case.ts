/**
 * One case of the serve benchmark, in a process of its own (so its peak RSS is its own): the whole of
 * `changeradar serve` — HTTP API, scheduler and check workers, alert dispatcher — on a fresh database,
 * monitoring N pages of the engine's workload (a child process) with every watch kind on.
 *
 *   tsx bench/workload/run-case.ts <pglite|postgres> <pages> [rounds]
 *
 * Passes, each timed from "every monitor due" to the last check recorded:
 *   baseline (first checks), unchanged (the same round again: nothing changed but the noise),
 *   then `rounds` rounds where 30% of the pages changed; then a scheduled phase at 100 checks/s for lag.
 * Prints one JSON line.
 */

import { watchKinds } from "@changeradar/contracts";
import { forkWorkload } from "@changeradar/engine/workload";
import { sql } from "drizzle-orm";
import { buildApp } from "../../src/app";
import { backgroundTasks } from "../../src/roles/background-tasks";
import { startTasks } from "../../src/tasks/background-task";
import { startWebhookReceiver } from "../bench-servers";
import { countRows, databaseBytes, insertMonitorsFor, openBenchEnvironment } from "../bench-setup";
import { percentile } from "../bench-stats";

const [kind = "pglite", pagesArg = "500", roundsArg = "2"] = process.argv.slice(2);
const pages = Number(pagesArg);
const rounds = Number(roundsArg);
const LAG_RATE = Number(process.env.BENCH_LAG_RATE ?? 100);
const LAG_SECONDS = Number(process.env.BENCH_LAG_SECONDS ?? 10);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const mb = (bytes: number) => round(bytes / 1_048_576);

const postgresUrl = kind === "postgres" ? process.env.DATABASE_URL : undefined;
if (kind === "postgres" && !postgresUrl) throw new Error("postgres case: set DATABASE_URL");

const workload = await forkWorkload({ pages });
const receiver = await startWebhookReceiver();
const env = await openBenchEnvironment(postgresUrl);
await insertMonitorsFor(env, workload.urls, receiver.url, watchKinds);
const rt = { config: env.config, database: env.database, log: env.log, mailer: env.mailer };
const lags: number[] = [];
let measuringLag = false;
// As `serve` does it: one check worker for the scheduler and the API's first checks.
const { checks, tasks } = backgroundTasks(rt, {
  onChecked: ({ dueAt, startedAt }) => {
    if (measuringLag) lags.push(startedAt.getTime() - dueAt.getTime());
  },
});
const app = await buildApp({ ...rt, logger: env.log, checks });
await app.listen({ port: 0, host: "127.0.0.1" });
const stopTasks = await startTasks(tasks);
const idleRss = process.memoryUsage().rss;

const checkRows = () => countRows(env, sql`select count(*) as n from checks`);
const changes = () => countRows(env, sql`select count(*) as n from changes`);

/** Makes every monitor due now, or spread over `spreadMs`. */
async function due(spreadMs = 0): Promise<void> {
  await env.database.db.execute(sql`
    with ranked as (select id, row_number() over (order by created_at, id) - 1 as n from monitors)
    update monitors m set next_check_at = now() + make_interval(secs => (r.n::float8 / ${pages}) * ${spreadMs / 1000})
    from ranked r where r.id = m.id`);
}

async function pass(name: string) {
  const before = await checkRows();
  const bytesBefore = await databaseBytes(env);
  const changesBefore = await changes();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await due();
  while ((await checkRows()) < before + pages) await sleep(100);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return {
    pass: name,
    checksPerSecond: round(pages / seconds),
    cpuMsPerCheck: round((cpu.user + cpu.system) / 1000 / pages, 2),
    bytesPerCheck: Math.round(((await databaseBytes(env)) - bytesBefore) / pages),
    changes: (await changes()) - changesBefore,
  };
}

const passes = [await pass("baseline"), await pass("unchanged")];
const truths: { changed: number; detected: number }[] = [];
for (let r = 0; r < rounds; r += 1) {
  const next = await workload.nextRound();
  const truth = await workload.truth(next);
  const result = await pass(`round ${next}`);
  truths.push({ changed: truth.filter((row) => row.changed !== null).length, detected: result.changes });
  passes.push(result);
}

// Scheduled checks at LAG_RATE/s over LAG_SECONDS (at most every page once).
const scheduled = Math.min(pages, LAG_RATE * LAG_SECONDS);
const before = await checkRows();
measuringLag = true;
await env.database.db.execute(sql`
  with ranked as (select id, row_number() over (order by created_at, id) - 1 as n from monitors)
  update monitors m set next_check_at = case when r.n < ${scheduled}
    then now() + interval '1 second' + make_interval(secs => r.n::float8 / ${LAG_RATE})
    else now() + interval '1 day' end
  from ranked r where r.id = m.id`);
while ((await checkRows()) < before + scheduled) await sleep(100);
measuringLag = false;

const unchanged = passes[1];
const changedRounds = passes.slice(2);
const changedChecks = truths.reduce((sum, t) => sum + t.changed, 0);
const changedBytes = changedRounds.reduce((sum, p) => sum + p.bytesPerCheck * pages, 0);
const bytesPerChanged =
  changedChecks > 0
    ? Math.round(
        (changedBytes - unchanged.bytesPerCheck * (pages * changedRounds.length - changedChecks)) /
          changedChecks,
      )
    : null;
const steady = changedRounds.length > 0 ? changedRounds : [unchanged];
const usage = process.resourceUsage();

process.stdout.write(
  `${JSON.stringify({
    database: kind,
    pages,
    checksPerSecond: round(steady.reduce((s, p) => s + p.checksPerSecond, 0) / steady.length),
    cpuMsPerCheck: round(steady.reduce((s, p) => s + p.cpuMsPerCheck, 0) / steady.length, 2),
    peakRssMb: round(usage.maxRSS / 1024),
    idleRssMb: mb(idleRss),
    bytesPerUnchangedCheck: unchanged.bytesPerCheck,
    bytesPerChangedCheck: bytesPerChanged,
    lagMs: { rate: LAG_RATE, checks: scheduled, p50: percentile(lags, 50), p99: percentile(lags, 99) },
    truth: truths,
    passes,
  })}\n`,
);

await stopTasks();
await app.close();
await Promise.all([workload.close(), receiver.close()]);
await env.close();
process.exit(0);
