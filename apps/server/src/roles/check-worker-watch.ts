import { checkWorkerConnected } from "../db/connection-names";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import { type BackgroundTask, intervalTask } from "../tasks/background-task";

/**
 * How often an API node on PostgreSQL looks for a node that checks pages. The first look waits as long, so
 * workers started beside it have connected by then.
 */
export const CHECK_WORKER_WATCH_MS = 30_000;

export const NO_CHECK_WORKER_MESSAGE =
  'No check worker is connected to this database: no page is checked, and "check now" waits. Start `changeradar worker` with the same DATABASE_URL.';
export const CHECK_WORKER_BACK_MESSAGE = "A check worker is connected: pages are checked again.";

/**
 * An API node on PostgreSQL checks no page (DESIGN §2): with no worker running, nothing is checked. This
 * says so in its log when it is first seen, and again when a worker connects (/metrics reports it too).
 */
export function checkWorkerWatch(
  db: Database,
  log: Pick<Logger, "warn" | "info">,
  intervalMs = CHECK_WORKER_WATCH_MS,
): BackgroundTask & { look(): Promise<void> } {
  let connected: boolean | null = null;
  const look = async () => {
    const now = await checkWorkerConnected(db);
    if (now === connected) return;
    if (!now) log.warn(NO_CHECK_WORKER_MESSAGE);
    else if (connected === false) log.info(CHECK_WORKER_BACK_MESSAGE);
    connected = now;
  };
  const task = intervalTask(
    "check-worker-watch",
    intervalMs,
    look,
    (error) => log.warn({ err: error }, "Could not look for check workers"),
    { firstAfterInterval: true },
  );
  return { ...task, look };
}
