import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import type { Logger } from "../../logger";
import { type BackgroundTask, intervalTask } from "../../tasks/background-task";
import { DELIVERIES_CHANNEL, publish } from "../outbox.repository";
import { takePendingDigest, usersWithPendingDigest } from "./digest.repository";
import { buildDigestPayload } from "./digest-payload";

export interface DigestJobDeps {
  db: Database;
  clock: Clock;
  log: Logger;
  appUrl: string;
}

/**
 * The most recent digest time at or before `now`: today at `digestHour` UTC, or yesterday's when that
 * hour has not come yet. Everything pending from before it is due, so a server that was down at the
 * digest hour sends it when it comes back, and one digest a day holds.
 */
export function lastDigestTime(now: Date, digestHour: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), digestHour);
  return new Date(today <= now.getTime() ? today : today - 86_400_000);
}

/** Builds every due digest; returns how many were written. */
export async function runDigests(deps: DigestJobDeps): Promise<number> {
  const now = deps.clock.now();
  let written = 0;
  for (const { userId, digestHour } of await usersWithPendingDigest(deps.db)) {
    const cutoff = lastDigestTime(now, digestHour);
    const day = cutoff.toISOString().slice(0, 10);
    const wrote = await takePendingDigest(deps.db, userId, cutoff, (rows) =>
      buildDigestPayload(day, rows, deps.appUrl),
    );
    if (wrote) written++;
  }
  if (written > 0) await publish(deps.db, DELIVERIES_CHANNEL, "");
  return written;
}

export function createDigestJob(deps: DigestJobDeps, intervalMs = 60_000): BackgroundTask {
  return intervalTask(
    "alert-digest",
    intervalMs,
    async () => {
      const written = await runDigests(deps);
      if (written > 0) deps.log.info({ digests: written }, "daily digests queued");
    },
    (error) => deps.log.error({ err: error }, "digest job failed"),
  );
}
