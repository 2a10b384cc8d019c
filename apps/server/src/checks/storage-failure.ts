/**
 * SQLSTATE classes that mean "this data can never be stored", not "the database is unwell": 22 (data
 * exception: U+0000 in text or JSON, a number out of range), 23 (integrity: a CHECK or foreign key) and 54
 * (a program limit: a row or an index entry too large). Retrying such a check only fails again, so it is
 * recorded as a check error instead; anything else (a lost connection) is left to the lease to retry.
 */
const PERMANENT_CLASSES = new Set(["22", "23", "54"]);

/** The database's reason when `error` (or an error it wraps) is a permanent storage failure; else null. */
export function storageFailure(error: unknown): string | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = "code" in current ? current.code : undefined;
    if (typeof code === "string" && PERMANENT_CLASSES.has(code.slice(0, 2))) {
      const reason = current.message.replaceAll("\u0000", "").slice(0, 300);
      return `The page could not be stored: ${reason} (${code})`;
    }
    current = current.cause;
  }
  return null;
}
