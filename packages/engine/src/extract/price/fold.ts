/** Latin letters with a stroke have no decomposition: "zł" is written "zl" where the keyboard lacks "ł". */
const strokeLetters: Record<string, string> = { ł: "l", đ: "d", ø: "o", ħ: "h", ŧ: "t", ı: "i" };
const strokeLetter = /[łđøħŧı]/g;
const marks = /\p{M}+/gu;
const spaces = /\s+/g;
/** Direction and joiner marks inside right-to-left symbols ("ر.س.\u200f"). */
const formatChars = /\p{Cf}+/gu;
/** Apostrophes as keyboards and ICU write them: "so'm", "so‘m" and ICU's "soʻm" are one word. */
const apostrophes = /[\u2018\u2019\u02bb\u02bc\u02b9]/g;

/** A currency token as compared: lower case, compatibility forms and accents removed, spaces collapsed. */
export function foldToken(token: string): string {
  // ASCII needs nothing else: most tokens and page texts take this path.
  if (!/[^\x20-\x7e]/.test(token)) return token.toLowerCase().replace(spaces, " ");
  // Lower case after the compatibility forms: "₨" is "Rs", "№" is "No".
  return token
    .normalize("NFKD")
    .toLowerCase()
    .replace(marks, "")
    .replace(apostrophes, "'")
    .replace(formatChars, "")
    .replace(strokeLetter, (c) => strokeLetters[c] as string)
    .replace(spaces, " ");
}
