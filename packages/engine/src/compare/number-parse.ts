/** Read a number written the way pages write them: "1,234.56", "1.234,56", "12,5", "1 299", "−3". */

const NUMBER_IN_TEXT = /[-−]?\d[\d\s.,'\u00a0\u202f]*/;

export function parseLocaleNumber(raw: string): number | null {
  const match = NUMBER_IN_TEXT.exec(raw);
  if (!match) return null;
  const negative = /^[-−]/.test(match[0]);
  const compact = match[0]
    .replace(/^[-−]/, "")
    .replace(/[\s'\u00a0\u202f]/g, "")
    .replace(/[.,]+$/, "");
  const lastComma = compact.lastIndexOf(",");
  const lastDot = compact.lastIndexOf(".");
  let normalised: string;
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? "," : ".";
    const thousands = decimal === "," ? /\./g : /,/g;
    normalised = compact.replace(thousands, "").replace(decimal, ".");
  } else if (lastComma >= 0 || lastDot >= 0) {
    const separator = lastComma >= 0 ? "," : ".";
    const groups = compact.split(separator);
    // One separator followed by exactly three digits, or several separators: thousands grouping.
    const thousands = groups.length > 2 || groups[groups.length - 1].length === 3;
    normalised = thousands ? groups.join("") : groups.join(".");
  } else {
    normalised = compact;
  }
  const value = Number(normalised);
  if (!Number.isFinite(value)) return null;
  return negative ? -value : value;
}
