/** PostgreSQL text cannot hold U+0000, and no person types it: every string a user sends is refused with it. */
export const nulCharacterMessage = "Text must not contain the NUL character (U+0000).";

/**
 * The path ("a.b.0") of the first string holding U+0000 in a parsed JSON value or query, keys included;
 * null when there is none. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function firstNulPath(value: unknown): string | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: "" }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === "string") {
      if (current.includes("\u0000")) return path;
    } else if (Array.isArray(current)) {
      for (const [i, item] of current.entries()) pending.push({ value: item, path: join(path, String(i)) });
    } else if (current !== null && typeof current === "object" && isPlain(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes("\u0000")) return join(path, key.replaceAll("\u0000", ""));
        pending.push({ value: item, path: join(path, key) });
      }
    }
  }
  return null;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
