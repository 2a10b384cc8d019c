import { lt, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { rateLimitCounters } from "../db/schema";

/**
 * One hit on `key` in a fixed window of `windowMs`: an atomic upsert, so concurrent requests on any number
 * of API nodes each count once. A row whose window has ended starts a new window at 1.
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ hits: number; windowEndsAt: Date }> {
  const windowEndsAt = new Date(now.getTime() + windowMs);
  const ended = sql`${rateLimitCounters.windowEndsAt} <= ${now}`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, windowEndsAt })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitCounters.hits} + 1 end`,
        windowEndsAt: sql`case when ${ended} then ${windowEndsAt} else ${rateLimitCounters.windowEndsAt} end`,
      },
    })
    .returning({ hits: rateLimitCounters.hits, windowEndsAt: rateLimitCounters.windowEndsAt });
  if (!row) throw new Error("rate-limit upsert returned no row");
  return row;
}

/** Current state without counting (the plugin's `read`). */
export async function readRateLimit(
  db: Database,
  key: string,
  now: Date,
): Promise<{ hits: number; windowEndsAt: Date } | null> {
  const [row] = await db
    .select({ hits: rateLimitCounters.hits, windowEndsAt: rateLimitCounters.windowEndsAt })
    .from(rateLimitCounters)
    .where(sql`${rateLimitCounters.key} = ${key} and ${rateLimitCounters.windowEndsAt} > ${now}`);
  return row ?? null;
}

export async function sweepEndedRateLimits(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowEndsAt, now))
    .returning({ key: rateLimitCounters.key });
  return rows.length;
}
