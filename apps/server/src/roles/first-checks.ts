import { type CheckWorker, createCheckWorker } from "../checks/check-worker";
import type { Config } from "../config";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import { checkWorkerOptions } from "./background-tasks";

/**
 * The small check worker of a process without a scheduler (`changeradar api`, the server tests): first
 * checks and "check now" run in it, so a user sees a result within seconds even when the scheduler runs on
 * other machines. `serve` has no need of it: its scheduler's worker takes those checks in its own slots.
 */
export function firstCheckWorker(rt: { config: Config; db: Database; log: Logger }): CheckWorker {
  return createCheckWorker({
    ...checkWorkerOptions(rt),
    concurrency: Math.min(4, rt.config.checks.concurrency),
    schedule: false,
  });
}
