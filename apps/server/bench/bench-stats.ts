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
  /** Where the slice starts, in seconds after the window's start (by due time). */
  fromSeconds: number;
  /** Checks due in the slice (started or still waiting). */
  due: number;
  p99Ms: number;
  /** How many of them started (or waited) a second or more after their due time. */
  late: number;
  maxMs: number;
}

/**
 * The slice of `sliceMs` (by due time) with the highest lag p99. A window's p99 says how late checks were,
 * not when: one stall at minute nine and a slow start look the same. `dueMs[i]` is when check `i` was due,
 * ms after the window's start; `lagsMs[i]` its lag. Null for no checks.
 */
export function worstSlice(
  dueMs: readonly number[],
  lagsMs: readonly number[],
  sliceMs = 10_000,
): LagSlice | null {
  const slices = new Map<number, number[]>();
  dueMs.forEach((due, i) => {
    const slice = Math.floor(due / sliceMs);
    const lags = slices.get(slice);
    if (lags) lags.push(lagsMs[i]);
    else slices.set(slice, [lagsMs[i]]);
  });
  let worst: LagSlice | null = null;
  for (const [slice, lags] of slices) {
    const p99Ms = percentile(lags, 99) ?? 0;
    if (worst && p99Ms <= worst.p99Ms) continue;
    worst = {
      fromSeconds: (slice * sliceMs) / 1000,
      due: lags.length,
      p99Ms: Math.round(p99Ms),
      late: lags.filter((lag) => lag >= 1_000).length,
      maxMs: Math.round(Math.max(...lags)),
    };
  }
  return worst;
}
