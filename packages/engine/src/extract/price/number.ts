/**
 * Numbers as shops write them: every grouping and decimal convention ("1,234.56", "1.234,56", "1 234,56",
 * "1'234.56", "12,34,567.89", "١٬٢٣٤٫٥٦"), spaces left inside by templates ("8. 94", "1.837, 32"), a leading
 * decimal (".75"), a dash for no cents ("1'299.–"). A reading that could mean two amounts gives null.
 */

const nonAscii = /[^ -~\t\n\r]/;
const digitChar = /\p{Nd}/u;
const digitValues = new Map<string, string>();
/** Full-width punctuation around prices, mapped one character to one (lengths stay put). */
const fullWidth: Record<string, string> = {
  "，": ",",
  "．": ".",
  "＄": "$",
  "￥": "¥",
  "：": ":",
  "　": " ",
};

/** Every decimal digit (Arabic-Indic, Persian, Devanagari, full-width…) as its ASCII digit; same length. */
export function asciiDigits(text: string): string {
  if (!nonAscii.test(text)) return text;
  let out = "";
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) out += ch;
    else out += fullWidth[ch] ?? digitOf(ch) ?? ch;
  }
  return out;
}

/** Unicode lays every set of decimal digits out as a run of ten starting at zero. */
function digitOf(ch: string): string | undefined {
  const known = digitValues.get(ch);
  if (known !== undefined) return known || undefined;
  let value = "";
  if (digitChar.test(ch)) {
    const cp = ch.codePointAt(0) as number;
    let start = cp;
    while (start > cp - 9 && digitChar.test(String.fromCodePoint(start - 1))) start--;
    // Within longer runs (mathematical digits), sets still start every ten code points from the run start.
    if (String.fromCodePoint(cp).length === 1) value = String((cp - start) % 10);
  }
  if (digitValues.size < 1000) digitValues.set(ch, value);
  return value || undefined;
}

/**
 * A number as found in text (after asciiDigits): digit groups joined by separators, a space inside only
 * before a three-digit group or, after a decimal mark, before one or two digits of cents.
 */
export const numberSource = String.raw`(?:\d+|(?<![\d.,])[.,]\d{1,3}(?![\d.,]))(?:(?:[.,'’٬٫]|[ \u00a0\u202f\u2009](?=\d{3}(?![\d%])))\d+|[.,][ \u00a0](?=\d{1,2}(?![\d%.,]))\d+)*(?:[.,:](?:-{1,2}|–|—))?`;

interface Separator {
  ch: string;
  spaced: boolean;
}

const spaceChars = new Set([" ", "\u00a0", "\u202f", "\u2009"]);
const groupOnly = new Set(["'", "’", "٬"]);

/**
 * The value of a number as written. `fractionDigits` is the currency's (3 for dinars: "1.500" is one and a
 * half; 0 for yen), or null when unknown. A lone "." or "," before exactly three digits groups thousands
 * ("24.990", "1,299"), except in three-decimal currencies and after a lone zero ("0.500").
 */
export function readNumber(raw: string, fractionDigits: number | null = null): number | null {
  let s = raw.trim();
  let noCents = false;
  // "19,-", "1'299.–", and the Swedish "299:-": whole units, no cents.
  const dash = /[.,:](?:-{1,2}|–|—)$/.exec(s);
  if (dash !== null) {
    s = s.slice(0, dash.index);
    noCents = true;
  }
  const groups: string[] = [];
  const seps: Separator[] = [];
  let i = 0;
  if (s.startsWith(".") || s.startsWith(",")) {
    // ".75": a decimal part alone.
    const tail = s.slice(1);
    return /^\d{1,3}$/.test(tail) ? Number(`0.${tail}`) : null;
  }
  while (i < s.length) {
    let j = i;
    while (j < s.length && s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57) j++;
    if (j === i) return null;
    groups.push(s.slice(i, j));
    if (j >= s.length) break;
    const ch = s[j] as string;
    const spaced = spaceChars.has(s[j + 1] ?? "");
    if (spaceChars.has(ch)) seps.push({ ch: " ", spaced: false });
    else seps.push({ ch, spaced });
    i = j + 1 + (spaced && !spaceChars.has(ch) ? 1 : 0);
  }
  if (seps.length === 0) return Number(groups[0]);
  const decimalAt = decimalSeparator(groups, seps, fractionDigits, noCents);
  if (decimalAt === undefined) return null;
  const integerGroups = decimalAt === null ? groups : groups.slice(0, decimalAt + 1);
  const groupSeps = decimalAt === null ? seps : seps.slice(0, decimalAt);
  if (!validGrouping(integerGroups, groupSeps)) return null;
  const integer = integerGroups.join("");
  const value = decimalAt === null ? Number(integer) : Number(`${integer}.${groups[decimalAt + 1]}`);
  return Number.isFinite(value) ? value : null;
}

/** Index of the decimal separator, null when there is none, undefined when the reading is ambiguous. */
function decimalSeparator(
  groups: string[],
  seps: Separator[],
  fractionDigits: number | null,
  noCents: boolean,
): number | null | undefined {
  const last = seps.length - 1;
  const lastSep = seps[last] as Separator;
  const arabic = seps.findIndex((s) => s.ch === "٫");
  if (arabic >= 0) return arabic === last ? last : undefined;
  if (lastSep.ch !== "." && lastSep.ch !== ",") return null;
  if (noCents) return null;
  if (lastSep.spaced) return last;
  const mixed = seps.some((s) => (s.ch === "." || s.ch === ",") && s.ch !== lastSep.ch);
  if (mixed) return last;
  const sameKind = seps.filter((s) => s.ch === lastSep.ch).length;
  if (sameKind >= 2) return null;
  const tail = groups[last + 1] as string;
  if (tail.length !== 3) return last;
  if (fractionDigits === 3) return last;
  if (groups.length === 2 && groups[0] === "0") return last;
  return null;
}

/** Thousands groups of three (or Indian lakh groups of two then three), one kind of separator. */
function validGrouping(groups: string[], seps: Separator[]): boolean {
  if (groups.length === 1) return true;
  const kind = (s: Separator) => (s.ch === " " ? " " : groupOnly.has(s.ch) ? "'" : s.ch);
  const first = kind(seps[0] as Separator);
  if (seps.some((s) => kind(s) !== first || s.spaced)) return false;
  const [head, ...rest] = groups as [string, ...string[]];
  if (head.length < 1 || head.length > 3) return false;
  if (rest.every((g) => g.length === 3)) return true;
  // 12,34,567: groups of two before the last three.
  const lastGroup = rest[rest.length - 1] as string;
  return head.length <= 2 && lastGroup.length === 3 && rest.slice(0, -1).every((g) => g.length === 2);
}
