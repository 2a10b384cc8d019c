import { createAlertRetentionTask } from "../alerts/alerts-retention";
import { createDigestJob } from "../alerts/digest/digest-job";
import { createDispatcher } from "../alerts/dispatch/dispatcher";
import { checkFetchSettings, checkTimingFor } from "../checks/check-settings";
import { type CheckWorkerOptions, createCheckWorker } from "../checks/check-worker";
import { retentionTask } from "../checks/retention";
import { systemClock } from "../clock";
import type { BackgroundTask } from "../tasks/background-task";
import type { Runtime } from "./runtime";

/**
 * Every background loop of the product, in start order: the check scheduler and workers, the alert
 * dispatcher, the daily digest and the daily retention job. `serve` and `worker` run them all.
 */
export function backgroundTasks(rt: Runtime, overrides: Partial<CheckWorkerOptions> = {}): BackgroundTask[] {
  const { config, database, log, mailer } = rt;
  const clock = systemClock;
  return [
    createCheckWorker({
      db: database.db,
      fetch: checkFetchSettings(config),
      concurrency: config.checks.concurrency,
      perHostConcurrency: 2,
      timing: checkTimingFor(config),
      log: (level, message, detail) => log[level]({ err: detail }, message),
      ...overrides,
    }),
    createDispatcher({ config, database, mailer, clock, log }),
    createDigestJob({ db: database.db, clock, log, appUrl: config.appUrl }),
    createAlertRetentionTask({ db: database.db, clock, log }),
    retentionTask(database.db, clock, (message, detail) => log.info({ detail }, message)),
  ];
}
