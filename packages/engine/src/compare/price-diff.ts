/** Numeric diff for price and the before/after of availability. */
import type { Availability, Price } from "../snapshot";
import type { AvailabilityDiff, PriceDiff } from "./types";

const CENTS = 100;

function samePrice(a: Price | null, b: Price | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    Math.round(a.amount * CENTS) === Math.round(b.amount * CENTS) &&
    (a.currency ?? "") === (b.currency ?? "") &&
    Math.round((a.maxAmount ?? -1) * CENTS) === Math.round((b.maxAmount ?? -1) * CENTS)
  );
}

/** Null when the price did not change (compared to the cent, currency and range included). */
export function diffPrice(before: Price | null, after: Price | null): PriceDiff | null {
  if (samePrice(before, after)) return null;
  const comparable = before !== null && after !== null && (before.currency ?? "") === (after.currency ?? "");
  const absolute = comparable ? Math.round((after.amount - before.amount) * CENTS) / CENTS : null;
  const percent =
    comparable && before.amount !== 0
      ? Math.round(((after.amount - before.amount) / before.amount) * 10000) / 100
      : null;
  return { before, after, absolute, percent };
}

export function diffAvailability(before: Availability, after: Availability): AvailabilityDiff | null {
  return before === after ? null : { before, after };
}

const AVAILABLE: ReadonlySet<Availability> = new Set(["in_stock", "limited"]);

export function isAvailable(availability: Availability): boolean {
  return AVAILABLE.has(availability);
}
