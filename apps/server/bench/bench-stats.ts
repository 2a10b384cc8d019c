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
