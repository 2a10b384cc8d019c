/** How much a change matters, per kind, 0–100; and the sensitivity threshold that filters small ones. */
import type { ChangeDiffs } from "./types";

const clamp = (value: number): number => Math.max(0, Math.min(100, Math.round(value)));

export function priceSignificance(diffs: ChangeDiffs): number {
  const percent = diffs.price?.percent;
  return clamp(percent === null || percent === undefined ? 60 : 50 + Math.min(45, Math.abs(percent) * 1.5));
}

export function stockSignificance(diffs: ChangeDiffs): number {
  const change = diffs.availability;
  if (!change) return 0;
  if (change.before === "unknown" || change.after === "unknown") return 40;
  return change.before === "out_of_stock" || change.after === "out_of_stock" ? 85 : 60;
}

export function textSignificance(changedLines: number, totalLines: number): number {
  const share = changedLines / Math.max(totalLines, 1);
  return clamp(10 + Math.min(30, changedLines * 3) + Math.min(50, share * 100));
}

export const newContentSignificance = (count: number): number => clamp(Math.min(90, 45 + count * 5));
export const imagesSignificance = (count: number): number => clamp(Math.min(60, 20 + count * 8));
export const structureSignificance = (changedPaths: number): number =>
  clamp(30 + Math.min(30, changedPaths * 2));
export const visualSignificance = (percent: number): number => clamp(Math.min(80, 10 + percent * 2));

/** Kinds below this significance are not reported: 0 at sensitivity ≥ 50 (every change), 30 at 0. */
export function minimumSignificance(sensitivity: number): number {
  return Math.max(0, 50 - sensitivity) * 0.6;
}

/** Share of pixels that must differ before a screenshot counts as changed: 0.1% at 100, 2.1% at 0. */
export function visualThresholdPercent(sensitivity: number): number {
  return 0.1 + ((100 - sensitivity) / 100) * 2;
}

export function combinedSignificance(perKind: readonly number[]): number {
  if (perKind.length === 0) return 0;
  return clamp(Math.max(...perKind) + 5 * (perKind.length - 1));
}
