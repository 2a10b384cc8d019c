import type { CheckQueue } from "../context";
import type { DatabaseHandle, Unsubscribe } from "../db/database";
import type { BackgroundTask } from "../tasks/background-task";
import { isUuid } from "../users/users.repository";

/**
 * Distributed mode (DESIGN §2: API nodes on PostgreSQL, pages checked by the worker nodes). An API node
 * checks no page: "check now" and first checks make the monitor due at once (the request's own write) and
 * are announced here, so a worker with a free slot claims them by id at once instead of at its next poll.
 * A lost announcement (no worker listening just then) loses nothing: the monitor is due, and the next
 * claim of any worker takes it.
 */
export const CHECK_REQUESTS_CHANNEL = "changeradar_check_requests";

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; ids are ASCII, so characters are bytes. */
const MAX_PAYLOAD_CHARS = 7_900;

type Log = (message: string, error: unknown) => void;

/** The requests of one turn (a bulk "check now") go out together: comma-separated ids, in as few NOTIFYs as fit. */
export function announcedCheckQueue(database: Pick<DatabaseHandle, "notify">, log: Log): CheckQueue {
  let pending = new Set<string>();
  const announce = () => {
    const ids = pending;
    pending = new Set();
    for (const payload of payloads(ids))
      database.notify(CHECK_REQUESTS_CHANNEL, payload).catch((error: unknown) => {
        log("Could not announce checks to the workers; they take them at their next claim", error);
      });
  };
  return {
    checkSoon(id) {
      if (pending.size === 0) queueMicrotask(announce);
      pending.add(id);
    },
  };
}

function* payloads(ids: Iterable<string>): Generator<string> {
  let payload = "";
  for (const id of ids) {
    if (payload !== "" && payload.length + 1 + id.length > MAX_PAYLOAD_CHARS) {
      yield payload;
      payload = "";
    }
    payload = payload === "" ? id : `${payload},${id}`;
  }
  if (payload !== "") yield payload;
}

/** A worker's side: each announced id is asked of its check worker as if "check now" had been pressed here. */
export function checkRequestsListener(
  database: Pick<DatabaseHandle, "listen">,
  checks: CheckQueue,
  log: Log,
): BackgroundTask {
  let unlisten: Unsubscribe | null = null;
  return {
    name: "check-requests",
    async start() {
      unlisten = await database.listen(CHECK_REQUESTS_CHANNEL, (payload) => {
        const ids = payload.split(",");
        const valid = ids.filter(isUuid);
        if (valid.length < ids.length)
          log("Ignored check requests that are not monitor ids", new Error(payload.slice(0, 200)));
        for (const id of valid) checks.checkSoon(id.toLowerCase());
      });
    },
    async stop() {
      const stopListening = unlisten;
      unlisten = null;
      await stopListening?.();
    },
  };
}
