/**
 * How much a change matters, per kind, 0–100; and the sensitivity threshold that filters small ones.
 *
 * Sensitivity has one meaning everywhere (see `defaultSensitivity` in contracts): 0–100, higher means FEWER
 * alerts. Every visible change of a watched kind scores at least `VISIBLE_FLOOR`, which is the threshold
 * at the default sensitivity: the default never hides a visible change.
 */
import { defaultSensitivity, maxSensitivity, minSensitivity } from "@changeradar/contracts";
import type { ChangeDiffs } from "./types";

const clamp = (value: number): number => Math.max(0, Math.min(100, Math.round(value)));

/** Significance a kind needs to be reported, per point of sensitivity: 0 at 0, 30 at 50, 60 at 100. */
const THRESHOLD_PER_POINT = 0.6;
/** The least any visible change scores: the threshold at the default sensitivity. */
export const VISIBLE_FLOOR = Math.ceil(defaultSensitivity * THRESHOLD_PER_POINT);

/** A sensitivity from anywhere, clamped to the scale; missing means the default. */
export function resolveSensitivity(sensitivity: number | undefined): number {
  if (sensitivity === undefined || !Number.isFinite(sensitivity)) return defaultSensitivity;
  return Math.max(minSensitivity, Math.min(maxSensitivity, sensitivity));
}

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

/** One changed line of 200 scores 34 (shown at the default, hidden above 56); a rewrite scores 100. */
export function textSignificance(changedLines: number, totalLines: number): number {
  const share = changedLines / Math.max(totalLines, 1);
  return clamp(VISIBLE_FLOOR + Math.min(30, changedLines * 3) + Math.min(40, share * 100));
}

export const newContentSignificance = (count: number): number => clamp(Math.min(90, 45 + count * 5));
export const imagesSignificance = (count: number): number =>
  clamp(Math.min(70, VISIBLE_FLOOR + 5 + count * 8));
export const structureSignificance = (changedPaths: number): number =>
  clamp(VISIBLE_FLOOR + Math.min(30, changedPaths * 2));
export const visualSignificance = (percent: number): number =>
  clamp(Math.min(90, VISIBLE_FLOOR + 5 + percent * 2));

/** Kinds below this significance are not reported: 0 at sensitivity 0 (every change), 60 at 100. */
export function minimumSignificance(sensitivity: number): number {
  return resolveSensitivity(sensitivity) * THRESHOLD_PER_POINT;
}

/**
 * Changed pixels a screenshot needs before it counts as changed (anti-aliasing is already discounted by
 * the pixel diff): 4 at 0, 128 at the default (a changed word is several hundred), 4,096 at 100.
 */
export function visualThresholdPixels(sensitivity: number): number {
  return Math.round(4 * 2 ** (resolveSensitivity(sensitivity) / 10));
}

export function combinedSignificance(perKind: readonly number[]): number {
  if (perKind.length === 0) return 0;
  return clamp(Math.max(...perKind) + 5 * (perKind.length - 1));
}
