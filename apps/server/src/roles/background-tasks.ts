import { createAlertRetentionTask } from "../alerts/alerts-retention";
import { createDigestJob } from "../alerts/digest/digest-job";
import { createDispatcher } from "../alerts/dispatch/dispatcher";
import { checkRequestsListener } from "../checks/check-requests";
import { checkFetchSettings, checkTimingFor } from "../checks/check-settings";
import { type CheckWorker, type CheckWorkerOptions, createCheckWorker } from "../checks/check-worker";
import { retentionTask } from "../checks/retention";
import { systemClock } from "../clock";
import type { Database } from "../db/database";
import { demoLocalPages } from "../demo/demo.service";
import { checkPlanGate } from "../entitlements/check-gate";
import { browserSessions } from "../monitors/browser-sessions";
import type { BackgroundTask } from "../tasks/background-task";
import { embeddedUpkeepTask } from "../tasks/embedded-upkeep";
import type { Runtime } from "./runtime";

/** What every check worker of the process shares: fetch and engine settings, timing, the log. */
export function checkWorkerOptions(rt: Pick<Runtime, "config" | "log"> & { db: Database }) {
  return {
    db: rt.db,
    fetch: checkFetchSettings(
      rt.config,
      demoLocalPages(rt),
      browserSessions(rt.db, rt.config.jwtSecret),
      checkPlanGate(rt.db, systemClock),
    ),
    timing: checkTimingFor(rt.config),
    log: (level, message, detail) => rt.log[level]({ err: detail }, message),
  } satisfies Partial<CheckWorkerOptions>;
}

/**
 * Every background loop of the product, in start order: the check scheduler and workers (on PostgreSQL, with
 * the API nodes' check requests), the alert dispatcher, the daily digest and the daily retention job, and on
 * the embedded database its vacuum.
 * `serve` and `worker` run them all; `checks` is the check worker among them, where the API sends first checks
 * and "check now" in `serve`.
 */
export function backgroundTasks(
  rt: Runtime,
  overrides: Partial<CheckWorkerOptions> = {},
): { checks: CheckWorker; tasks: BackgroundTask[] } {
  const { config, database, log, mailer } = rt;
  const clock = systemClock;
  const checks = createCheckWorker({
    ...checkWorkerOptions({ config, log, db: database.db }),
    concurrency: config.checks.concurrency,
    perHostConcurrency: 2,
    ...overrides,
  });
  const tasks = [
    checks,
    // On PostgreSQL, API nodes announce "check now" and first checks instead of checking pages themselves.
    ...(database.kind === "postgres"
      ? [checkRequestsListener(database, checks, (message, error) => log.warn({ err: error }, message))]
      : []),
    createDispatcher({ config, database, mailer, clock, log }),
    createDigestJob({ db: database.db, clock, log, appUrl: config.appUrl }),
    createAlertRetentionTask({ db: database.db, clock, log }),
    retentionTask(database.db, clock, (message, detail) => log.info({ detail }, message)),
    ...(database.kind === "pglite"
      ? [embeddedUpkeepTask(database.db, (message, error) => log.error({ err: error }, message))]
      : []),
  ];
  return { checks, tasks };
}
