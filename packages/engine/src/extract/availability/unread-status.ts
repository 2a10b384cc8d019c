/**
 * A stock element (its class or id says stock / availability) whose words no cue reads: "Uppselt", or
 * "Pieejamība: 4 gab". A count above zero there says some are on hand, in any language. Other words are
 * most likely the status in a language the cues lack: on a page with no way to buy, "in stock" would be a
 * guess against the page, so the answer is "unknown" (unless structured data answers).
 */
import type { PageFacts } from "../html/walk";
import { isInBuyBox } from "../price/visible-price";

/** "4 gab", "Lagerbestand: 27", "17 kpl": a whole count above zero, the only number in the text. */
const positiveCount = /^[^\d]*(?<![\d.,])[1-9]\d{0,3}(?![\d.,]\d)[^\d]*$/u;
const maxStatusChars = 60;

export function countsSomeOnHand(text: string): boolean {
  return positiveCount.test(text);
}

/** Text that may be a stock status the cues cannot read (short, with letters, no count). */
export function mayBeUnreadStatus(text: string): boolean {
  const trimmed = text.trim();
  return (
    trimmed.length > 0 &&
    trimmed.length <= maxStatusChars &&
    /\p{L}/u.test(trimmed) &&
    !countsSomeOnHand(trimmed)
  );
}

/** Whether the visitor can buy here: a purchase form or link, or an enabled buy button near the product. */
export function offersToBuy(page: PageFacts, headings: number[]): boolean {
  return (
    page.hasPurchaseControl ||
    page.buyControls.some((c) => c.kind === "buy" && !c.disabled && isInBuyBox(headings, c.line))
  );
}
