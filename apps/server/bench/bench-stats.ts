/** Percentile by nearest rank over a copy of the values; null for none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const round = (value: number | null, digits = 1) =>
  value === null ? null : Number(value.toFixed(digits));

/** The largest RSS seen while `sample` runs every 250 ms. */
export function rssSampler() {
  let max = process.memoryUsage().rss;
  const timer = setInterval(() => {
    max = Math.max(max, process.memoryUsage().rss);
  }, 250);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return Math.max(max, process.memoryUsage().rss);
    },
  };
}

export interface LagSlice {
  /** Where the slice starts and ends, in seconds after the window's start (by due time). */
  fromSeconds: number;
  toSeconds: number;
  /** Checks due in the slice (started or still waiting). */
  due: number;
  p99Ms: number;
  /** How many of them started (or waited) a second or more after their due time. */
  late: number;
  maxMs: number;
}

/**
 * The `count` slices of `sliceMs` (by due time) with the highest lag p99, worst first. A window's p99 says
 * how late checks were, not when: one stall at minute nine and a slow start look the same, and a stall
 * that comes back every minute shows as several slices. `dueMs[i]` is when check `i` was due, ms after the
 * window's start; `lagsMs[i]` its lag.
 */
export function worstSlices(
  dueMs: readonly number[],
  lagsMs: readonly number[],
  { sliceMs = 10_000, count = 3 } = {},
): LagSlice[] {
  const slices = new Map<number, number[]>();
  dueMs.forEach((due, i) => {
    const slice = Math.floor(due / sliceMs);
    const lags = slices.get(slice);
    if (lags) lags.push(lagsMs[i]);
    else slices.set(slice, [lagsMs[i]]);
  });
  return [...slices]
    .map(([slice, lags]) => ({
      fromSeconds: (slice * sliceMs) / 1000,
      toSeconds: ((slice + 1) * sliceMs) / 1000,
      due: lags.length,
      p99Ms: Math.round(percentile(lags, 99) ?? 0),
      late: lags.filter((lag) => lag >= 1_000).length,
      maxMs: Math.round(Math.max(...lags)),
    }))
    .sort((a, b) => b.p99Ms - a.p99Ms || a.fromSeconds - b.fromSeconds)
    .slice(0, count);
}
