/** For `ilike` searches: `%`, `_` and `\` typed by a user are literal characters, not patterns. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
