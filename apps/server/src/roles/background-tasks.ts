import { checkFetchSettings, checkTimingFor } from "../checks/check-settings";
import { type CheckWorkerOptions, createCheckWorker } from "../checks/check-worker";
import { retentionTask } from "../checks/retention";
import { systemClock } from "../clock";
import type { BackgroundTask } from "./background-task";
import type { Runtime } from "./runtime";

/**
 * Every background loop of the product, in start order: the check scheduler and workers and the daily
 * retention job (the alert dispatcher and digest job join here). `serve` and `worker` run them all.
 */
export function backgroundTasks(rt: Runtime, overrides: Partial<CheckWorkerOptions> = {}): BackgroundTask[] {
  const { config, database, log } = rt;
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
    retentionTask(database.db, clock, (message, detail) => log.info({ detail }, message)),
  ];
}
