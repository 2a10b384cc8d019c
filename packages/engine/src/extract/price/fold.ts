/** Latin letters with a stroke have no decomposition: "zł" is written "zl" where the keyboard lacks "ł". */
const strokeLetters: Record<string, string> = { ł: "l", đ: "d", ø: "o", ħ: "h", ŧ: "t", ı: "i" };
const strokeLetter = /[łđøħŧı]/g;
const marks = /\p{M}+/gu;
const spaces = /\s+/g;
/** Direction and joiner marks inside right-to-left symbols ("ر.س.\u200f"). */
const formatChars = /\p{Cf}+/gu;

/** A currency token as compared: lower case, compatibility forms and accents removed, spaces collapsed. */
export function foldToken(token: string): string {
  const lower = token.toLowerCase();
  // ASCII needs nothing else: most tokens and page texts take this path.
  if (!/[^\x20-\x7e]/.test(lower)) return lower.replace(spaces, " ");
  return lower
    .normalize("NFKD")
    .replace(marks, "")
    .replace(formatChars, "")
    .replace(strokeLetter, (c) => strokeLetters[c] as string)
    .replace(spaces, " ");
}
