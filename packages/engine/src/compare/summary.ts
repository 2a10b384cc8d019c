/** One-line human summaries, in the product's exact wording. */
import type { Availability, Item, Price } from "../snapshot";
import { isAvailable } from "./price-diff";
import type { AvailabilityDiff, PriceDiff } from "./types";

const MINUS = "\u2212";
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string | null): Intl.NumberFormat {
  const key = currency ?? "";
  let format = moneyFormats.get(key);
  if (!format) {
    try {
      format = currency
        ? new Intl.NumberFormat("en-US", { style: "currency", currency })
        : new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    } catch {
      format = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    moneyFormats.set(key, format);
  }
  return format;
}

/** "$24.99", "€1,299.00", "¥1,280"; an unknown or invalid currency code follows the number. */
export function formatMoney(amount: number, currency: string | null): string {
  const formatted = moneyFormat(currency).format(amount);
  return currency && !moneyFormat(currency).resolvedOptions().currency
    ? `${formatted} ${currency}`
    : formatted;
}

export function formatPrice(price: Price): string {
  const low = formatMoney(price.amount, price.currency);
  return price.maxAmount !== null && price.maxAmount !== price.amount
    ? `${low} – ${formatMoney(price.maxAmount, price.currency)}`
    : low;
}

function formatPercent(percent: number): string {
  const magnitude = Math.abs(percent);
  const digits = magnitude >= 1 || magnitude === 0 ? 0 : 1;
  return `${percent < 0 ? MINUS : "+"}${magnitude.toFixed(digits)}%`;
}

export function summarisePrice(diff: PriceDiff): string {
  const { before, after } = diff;
  if (before === null && after !== null) return `Price now shown: ${formatPrice(after)}`;
  if (after === null && before !== null) return `Price no longer shown (was ${formatPrice(before)})`;
  if (before === null || after === null) return "Price changed";
  if (diff.percent === null || after.amount === before.amount) {
    return `Price changed from ${formatPrice(before)} to ${formatPrice(after)}`;
  }
  const direction = after.amount < before.amount ? "dropped" : "rose";
  return `Price ${direction} from ${formatPrice(before)} to ${formatPrice(after)} (${formatPercent(diff.percent)})`;
}

const AVAILABILITY_LABELS: Record<Availability, string> = {
  in_stock: "in stock",
  out_of_stock: "out of stock",
  preorder: "pre-order",
  backorder: "backorder",
  limited: "limited stock",
  unknown: "unknown",
};

export function summariseAvailability(diff: AvailabilityDiff): string {
  if (isAvailable(diff.after) && !isAvailable(diff.before) && diff.before !== "unknown")
    return "Back in stock";
  if (diff.after === "out_of_stock") return "Out of stock";
  return `Availability changed: ${AVAILABILITY_LABELS[diff.before]} → ${AVAILABILITY_LABELS[diff.after]}`;
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

const quote = (text: string, max = 60): string => `“${truncate(text, max)}”`;

export function summariseNewItems(items: readonly Item[]): string {
  const shown = items.slice(0, 3).map((item) => quote(item.title || item.url || item.key));
  const more = items.length > 3 ? ` and ${items.length - 3} more` : "";
  return `${items.length} new item${items.length === 1 ? "" : "s"}: ${shown.join(", ")}${more}`;
}

export function summariseImages(count: number): string {
  return `${count} image${count === 1 ? "" : "s"} changed`;
}

export const LAYOUT_SUMMARY = "Page layout changed";

export function summariseText(added: number, removed: number, firstChangedLine: string): string {
  return `Text changed: +${added} / ${MINUS}${removed} lines: ${quote(firstChangedLine, 80)}`;
}

const formatShare = (percent: number): string =>
  percent < 1 ? percent.toFixed(percent < 0.1 ? 2 : 1) : String(Math.round(percent));

export function summariseVisual(percent: number): string {
  return `Screenshot changed: ${formatShare(percent)}% of the page differs`;
}

/** How a kind is named after the first one in a summary: short, lower case. */
export function briefNewItems(count: number): string {
  return `${count} new item${count === 1 ? "" : "s"}`;
}

export function briefText(added: number, removed: number): string {
  return `text changed (+${added} / ${MINUS}${removed} lines)`;
}

export const briefImages = (count: number): string => summariseImages(count);
export const briefVisual = (percent: number): string => `screenshot ${formatShare(percent)}% different`;
export const BRIEF_LAYOUT = "layout changed";

/** The first (most important) kind in full, then every other kind that changed: nothing is left out. */
export function combineSummaries(parts: readonly { summary: string; brief: string }[]): string {
  if (parts.length === 0) return "No change";
  const [first, ...rest] = parts;
  return rest.length === 0 ? first.summary : `${first.summary} · also ${rest.map((p) => p.brief).join(", ")}`;
}
