import { fractionDigitsOf } from "./currency";
import { parseAmount } from "./money";

const maxAmountText = 64;

/**
 * A price from structured data. Schema.org asks for a dot decimal ("1299.00"), which most pages follow;
 * some write the visible format ("1.299,00 €"), which is parsed like text.
 */
export function structuredAmount(value: unknown, currency: string | null): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (trimmed.length > maxAmountText) return null;
  const s = trimmed.replace(/^[^\d]+|[^\d]+$/g, "");
  if (s === "") return null;
  if (/^\d+(?:\.\d+)?$/.test(s)) {
    const decimals = s.split(".")[1];
    // Currencies without minor units: a structured "24.990" in pesos is twenty-four thousand.
    if (decimals?.length === 3 && fractionDigitsOf(currency) === 0) return Number(s.replace(".", ""));
    return Number(s);
  }
  return parseAmount(s, currency);
}
