/** Retry schedule of a failed delivery: about 1 min, 5 min, 30 min, 2 h, 6 h, then dead. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;

/** The first attempt plus one per retry delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * When to try again after `attempts` failed attempts, or null when the delivery is dead. A receiver's
 * Retry-After is honoured when it asks for longer (capped at the last delay).
 */
export function nextAttemptAt(attempts: number, now: Date, retryAfterMs?: number): Date | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const base = RETRY_DELAYS_MS[Math.max(0, attempts - 1)] ?? RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1];
  const cap = RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1];
  const delay = Math.min(Math.max(base, retryAfterMs ?? 0), cap);
  return new Date(now.getTime() + delay);
}
