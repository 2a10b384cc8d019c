import { type SQL, sql } from "drizzle-orm";
import { pricePoints } from "../db/schema/checks";

/**
 * The times each price point stands for, as a join: when the price was first seen (`at`) and, when it
 * was seen again, last seen (`last_seen_at`). Points written before prices had runs are one time each.
 */
export const seenTimes = sql`lateral (values (${pricePoints.at}), (${pricePoints.lastSeenAt})) as seen(at)`;
export const seenTimesJoin = sql`seen.at is not null`;
/** A time of `seenTimes`. */
export const seenAt = sql<Date>`seen.at`.mapWith(pricePoints.at);

/**
 * Whether a seen time starts or ends a run of equal prices (amount and currency) in the window `over`
 * orders. A chart needs only those: a price checked every 5 minutes for a month is 2 points, not 8,640,
 * and still shows every change and when each price was last seen.
 */
export function endsARun(over: SQL): SQL<boolean> {
  const price = sql`row(${pricePoints.amount}, ${pricePoints.currency})`;
  return sql<boolean>`(${price} is distinct from lag(${price}) over (${over})
    or ${price} is distinct from lead(${price}) over (${over}))`;
}
