import { type Frequency, frequencyMinutes } from "@changeradar/contracts";

/**
 * How often and how patiently monitors are checked. Production uses the defaults; tests and the
 * benchmark shorten the intervals through `intervalMs` (never through the plan gates).
 */
export interface CheckTiming {
  intervalMs(frequency: Frequency): number;
  /** Next checks are spread by up to ± jitterRatio / 2 of the interval (at most ± 5 minutes). */
  jitterRatio: number;
  /** First retry after an error; doubles per consecutive failure, capped at the monitor's interval. */
  retryBaseMs: number;
  /** How long a claimed check stays owned by its worker; a crashed worker's checks are redone after it. */
  leaseMs: number;
  /** Consecutive failures before the one "monitor failing" alert. */
  failureThreshold: number;
}

export const defaultCheckTiming: CheckTiming = {
  intervalMs: (frequency) => frequencyMinutes[frequency] * 60_000,
  jitterRatio: 0.1,
  retryBaseMs: 60_000,
  leaseMs: 120_000,
  failureThreshold: 3,
};

const MAX_JITTER_MS = 5 * 60_000;

export function withJitter(baseMs: number, intervalMs: number, ratio: number, random = Math.random): number {
  const spread = Math.min(intervalMs * ratio, MAX_JITTER_MS);
  return Math.max(0, Math.round(baseMs + (random() - 0.5) * spread));
}

/** When a monitor is next due after a successful check. */
export function nextCheckAfterSuccess(
  now: Date,
  frequency: Frequency,
  timing: CheckTiming,
  random = Math.random,
): Date {
  const interval = timing.intervalMs(frequency);
  return new Date(now.getTime() + withJitter(interval, interval, timing.jitterRatio, random));
}

/** When a monitor is retried after its `consecutiveFailures`-th failure in a row: exponential, capped at the interval. */
export function nextCheckAfterFailure(
  now: Date,
  frequency: Frequency,
  consecutiveFailures: number,
  timing: CheckTiming,
): Date {
  const interval = timing.intervalMs(frequency);
  const exponent = Math.min(Math.max(consecutiveFailures - 1, 0), 30);
  return new Date(now.getTime() + Math.min(timing.retryBaseMs * 2 ** exponent, interval));
}
