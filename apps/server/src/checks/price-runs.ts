import { type SQL, sql } from "drizzle-orm";
import { pricePoints } from "../db/schema/checks";

/**
 * Whether a price point starts or ends a run of equal prices (amount and currency) in the window `over`
 * orders. A chart needs only those: a price checked every 5 minutes for a month is 2 points, not 8,640,
 * and still shows every change and when each price was last seen.
 */
export function endsARun(over: SQL): SQL<boolean> {
  const price = sql`row(${pricePoints.amount}, ${pricePoints.currency})`;
  return sql<boolean>`(${price} is distinct from lag(${price}) over (${over})
    or ${price} is distinct from lead(${price}) over (${over}))`;
}
