import { announcedCheckQueue } from "../checks/check-requests";
import { type CheckWorker, createCheckWorker } from "../checks/check-worker";
import type { Config } from "../config";
import type { CheckQueue } from "../context";
import type { Database, DatabaseHandle } from "../db/database";
import type { Logger } from "../logger";
import type { BackgroundTask } from "../tasks/background-task";
import { checkWorkerOptions } from "./background-tasks";
import { checkWorkerWatch } from "./check-worker-watch";

/**
 * The small check worker of a process without a scheduler (the server tests, and `changeradar api` on the
 * embedded database, where no other process can open it): first checks and "check now" run in it.
 */
export function firstCheckWorker(rt: { config: Config; db: Database; log: Logger }): CheckWorker {
  return createCheckWorker({
    ...checkWorkerOptions(rt),
    concurrency: Math.min(4, rt.config.checks.concurrency),
    schedule: false,
  });
}

/**
 * Where `changeradar api` sends first checks and "check now". On PostgreSQL the worker nodes check pages
 * (DESIGN §2): the API node announces the requests to them and runs no check, no engine, no browser itself;
 * its log says when no worker is connected to take them.
 */
export function apiChecks(rt: { config: Config; database: DatabaseHandle; log: Logger }): {
  checks: CheckQueue;
  tasks: BackgroundTask[];
} {
  const { config, database, log } = rt;
  if (database.kind === "postgres")
    return {
      checks: announcedCheckQueue(database, (message, error) => log.warn({ err: error }, message)),
      tasks: [checkWorkerWatch(database.db, log)],
    };
  const worker = firstCheckWorker({ config, db: database.db, log });
  return { checks: worker, tasks: [worker] };
}
