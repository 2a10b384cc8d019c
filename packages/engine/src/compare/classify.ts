/**
 * compareSnapshots: normalise both versions, diff every aspect, keep the watched kinds that changed enough
 * for the sensitivity, suppress flip-flops, apply conditions, and explain the result in one line.
 */

import type { WatchKind } from "@changeradar/contracts";
import type { Item, Snapshot } from "../snapshot";
import { evaluateConditions } from "./conditions";
import { fingerprintView } from "./fingerprint";
import { parseIgnoreRules } from "./ignore-rules";
import { countIgnored } from "./ignored-noise";
import { countLineChanges, diffLines } from "./line-diff";
import { type NormalisedView, normaliseSnapshot } from "./normalise";
import { pixelDiff } from "./pixel-diff";
import { diffAvailability, diffPrice } from "./price-diff";
import { diffShownItems, diffStrings } from "./set-diff";
import * as significance from "./significance";
import * as summary from "./summary";
import type { ChangeDiffs, ChangeResult, CompareOptions, LineDiffEntry, SetDiff } from "./types";

/** The order in which kinds explain a change in the one-line summary. */
const SUMMARY_PRIORITY: readonly WatchKind[] = [
  "stock",
  "price",
  "new_content",
  "text",
  "images",
  "visual",
  "structure",
];
const MAX_STRUCTURE_PATHS_SHOWN = 200;

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

const noChange = <T>(): SetDiff<T> => ({ added: [], removed: [] });

/**
 * The diffs of the kinds the monitor watches. A kind not watched can never make a change, so its diff (a
 * pixel diff above all) is not computed. The text diff is what a change shows: when text is not watched it
 * is left empty here and computed only once another kind made a change (`withTextDiff`).
 */
function computeDiffs(
  previous: Snapshot,
  next: Snapshot,
  a: NormalisedView,
  b: NormalisedView,
  options: CompareOptions,
  watched: ReadonlySet<WatchKind>,
): ChangeDiffs {
  const text = watched.has("text") ? textDiff(a, b) : [];
  // The same hash is the same paths (it is taken over all of them): no path to compare one by one.
  const structure =
    watched.has("structure") && previous.structure.hash !== next.structure.hash
      ? diffStrings(a.structurePaths, b.structurePaths)
      : noChange<string>();
  return {
    text,
    items: watched.has("new_content")
      ? diffShownItems({ items: a.items, lines: a.originals }, { items: b.items, lines: b.originals })
      : noChange<Item>(),
    images: watched.has("images") ? diffStrings(a.images, b.images) : noChange<string>(),
    price: diffPrice(previous.price, next.price),
    availability: diffAvailability(previous.availability, next.availability),
    structure: {
      added: structure.added.slice(0, MAX_STRUCTURE_PATHS_SHOWN),
      removed: structure.removed.slice(0, MAX_STRUCTURE_PATHS_SHOWN),
    },
    visual:
      options.screenshots && watched.has("visual")
        ? pixelDiff(options.screenshots.before, options.screenshots.after, {
            mask: options.screenshots.ignoreRegions,
          })
        : null,
  };
}

function textDiff(a: NormalisedView, b: NormalisedView): LineDiffEntry[] {
  return sameLines(a.lines, b.lines)
    ? []
    : diffLines({ lines: a.lines, originals: a.originals }, { lines: b.lines, originals: b.originals });
}

interface KindChange {
  kind: WatchKind;
  significance: number;
  summary: string;
  /** How the kind is named when another kind leads the summary. */
  brief: string;
}

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

/** Kinds that are facts the user watches: one that went back to an earlier value is news, not noise. */
const FACT_KINDS: ReadonlySet<WatchKind> = new Set(["price", "stock"]);

function detectKinds(
  diffs: ChangeDiffs,
  a: NormalisedView,
  b: NormalisedView,
  sensitivity: number,
): KindChange[] {
  const found: KindChange[] = [];
  if (diffs.price) {
    const text = summary.summarisePrice(diffs.price);
    found.push({
      kind: "price",
      significance: significance.priceSignificance(diffs),
      summary: text,
      brief: lowerFirst(text),
    });
  }
  if (diffs.availability) {
    const text = summary.summariseAvailability(diffs.availability);
    found.push({
      kind: "stock",
      significance: significance.stockSignificance(diffs),
      summary: text,
      brief: lowerFirst(text),
    });
  }
  if (diffs.items.added.length > 0) {
    const count = diffs.items.added.length;
    found.push({
      kind: "new_content",
      significance: significance.newContentSignificance(count),
      summary: summary.summariseNewItems(diffs.items.added),
      brief: summary.briefNewItems(count),
    });
  }
  const { added, removed } = countLineChanges(diffs.text);
  if (added + removed > 0) {
    const first = diffs.text.find((entry) => entry.op !== "equal");
    const firstLine = first?.after ?? first?.before ?? "";
    const changed = Math.max(added, removed);
    found.push({
      kind: "text",
      significance: significance.textSignificance(changed, Math.max(a.lines.length, b.lines.length)),
      summary: summary.summariseText(added, removed, firstLine),
      brief: summary.briefText(added, removed),
    });
  }
  const imageCount = Math.max(diffs.images.added.length, diffs.images.removed.length);
  if (imageCount > 0)
    found.push({
      kind: "images",
      significance: significance.imagesSignificance(imageCount),
      summary: summary.summariseImages(imageCount),
      brief: summary.briefImages(imageCount),
    });
  if (diffs.visual && diffs.visual.changedPixels >= significance.visualThresholdPixels(sensitivity)) {
    found.push({
      kind: "visual",
      significance: significance.visualSignificance(diffs.visual.percent),
      summary: summary.summariseVisual(diffs.visual.percent),
      brief: summary.briefVisual(diffs.visual.percent),
    });
  }
  const pathChanges = diffs.structure.added.length + diffs.structure.removed.length;
  if (pathChanges > 0)
    found.push({
      kind: "structure",
      significance: significance.structureSignificance(pathChanges),
      summary: summary.LAYOUT_SUMMARY,
      brief: summary.BRIEF_LAYOUT,
    });
  return found;
}

export function compareSnapshots(previous: Snapshot, next: Snapshot, options: CompareOptions): ChangeResult {
  const settings = { rules: parseIgnoreRules(options.ignore), learnedNoise: options.learnedNoise ?? null };
  const sensitivity = significance.resolveSensitivity(options.sensitivity);
  const cache = new Map<string, string | null>();
  const watched = new Set(options.watch);
  const a = normaliseSnapshot(previous, settings, cache, watched);
  const b = normaliseSnapshot(next, settings, cache, watched);
  const diffs = computeDiffs(previous, next, a, b, options, watched);
  const fingerprint = fingerprintView(b, next, options.watch);

  const minimum = significance.minimumSignificance(sensitivity);
  const changes = detectKinds(diffs, a, b, sensitivity).filter(
    (c) => watched.has(c.kind) && c.significance >= minimum,
  );
  const detected = changes.length > 0;
  if (detected && !watched.has("text")) diffs.text = textDiff(a, b);
  const conditions = detected
    ? evaluateConditions(options.conditions ?? [], previous, next, options.conditionMode)
    : { passed: false, results: [] };
  // Flip-flop suppression is for noise alternating between versions. A watched fact (stock, price) that
  // went back, or a condition the user set that now passes, really changed: it is never a flip-flop.
  const factChanged = changes.some((c) => FACT_KINDS.has(c.kind));
  const conditionHolds = (options.conditions?.length ?? 0) > 0 && conditions.passed;
  const flipFlop =
    detected && !factChanged && !conditionHolds && (options.recentFingerprints ?? []).includes(fingerprint);
  const changed = detected && !flipFlop;

  const ordered = [...changes].sort(
    (x, y) => SUMMARY_PRIORITY.indexOf(x.kind) - SUMMARY_PRIORITY.indexOf(y.kind),
  );
  return {
    changed,
    alert: changed && conditions.passed,
    kinds: changed ? ordered.map((c) => c.kind) : [],
    significance: changed ? significance.combinedSignificance(changes.map((c) => c.significance)) : 0,
    summary: flipFlop
      ? "Back to an earlier version (not a new change)"
      : changed
        ? summary.combineSummaries(ordered)
        : "No change",
    diffs,
    conditions: changed ? conditions.results : [],
    flipFlop,
    fingerprint,
    ignored: countIgnored(previous, next, settings),
  };
}
