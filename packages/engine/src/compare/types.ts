import type { WatchKind } from "@changeradar/contracts";
import type { Availability, Item, Price } from "../snapshot";
import type { Condition, ConditionResult } from "./conditions";
import type { IgnoredNoise } from "./ignored-noise";
import type { LearnedNoise } from "./noise-view";

export type { WatchKind };

/** One word-level piece of a changed line. */
export interface WordPart {
  op: "equal" | "add" | "remove";
  text: string;
}

/** One entry of a line diff. `change` pairs a removed line with the added line that replaced it. */
export interface LineDiffEntry {
  op: "equal" | "add" | "remove" | "change";
  before?: string;
  after?: string;
  words?: WordPart[];
}

export interface SetDiff<T> {
  added: T[];
  removed: T[];
}

export interface PriceDiff {
  before: Price | null;
  after: Price | null;
  /** after − before, in the page's currency; null when either side has no price or currencies differ. */
  absolute: number | null;
  /** Percentage change relative to before; null when not computable. */
  percent: number | null;
}

export interface AvailabilityDiff {
  before: Availability;
  after: Availability;
}

export interface PixelDiff {
  /** Share of compared pixels that differ, 0–100 (masked regions are not compared). */
  percent: number;
  /** How many compared pixels differ. */
  changedPixels: number;
  width: number;
  height: number;
  /** The highlighted difference image (PNG); masked regions are greyed out, never highlighted. */
  diffPng: Uint8Array;
}

/** A rectangle of a screenshot in CSS pixels (the screenshot's own pixels at device scale 1). */
export interface ScreenRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChangeDiffs {
  text: LineDiffEntry[];
  items: SetDiff<Item>;
  images: SetDiff<string>;
  price: PriceDiff | null;
  availability: AvailabilityDiff | null;
  structure: SetDiff<string>;
  visual: PixelDiff | null;
}

export interface CompareOptions {
  /** Only these kinds count as a change. */
  watch: readonly WatchKind[];
  /** User ignore rules: plain text (lines containing it are ignored) or `/regex/flags` (matches are masked). */
  ignore?: readonly string[];
  /** Decide whether a detected change alerts; all must pass (see `conditionMode`). */
  conditions?: readonly Condition[];
  conditionMode?: "all" | "any";
  learnedNoise?: LearnedNoise | null;
  /** Fingerprints of the last N versions: a next version equal to one of them is a flip-flop, not a change. */
  recentFingerprints?: readonly string[];
  /** 0–100, higher means FEWER alerts: 0 reports every change, 100 only big ones (contracts' default, 50, by default). */
  sensitivity?: number;
  /**
   * Before/after screenshots; `ignoreRegions` are the areas the noise filter ignores on either render (ads,
   * timestamps, the user's ignored elements): they are masked out of the pixel diff and its highlight.
   */
  screenshots?: { before: Uint8Array; after: Uint8Array; ignoreRegions?: readonly ScreenRegion[] } | null;
}

export interface ChangeResult {
  changed: boolean;
  /** A change that passed the conditions (equals `changed` without conditions). */
  alert: boolean;
  kinds: WatchKind[];
  /** 0–100. */
  significance: number;
  summary: string;
  diffs: ChangeDiffs;
  conditions: ConditionResult[];
  /**
   * Set when the next version equals a recent one and nothing the user watches as a fact changed: noise
   * alternating between versions, not a change. A stock or price that went back, or a condition that now
   * passes, is a change (never a flip-flop).
   */
  flipFlop: boolean;
  /** Fingerprint of the normalised next version, for flip-flop suppression of later versions. */
  fingerprint: string;
  /** What the noise filter hid between the two versions (masks, ignore rules, learned noise); null or absent when nothing. */
  ignored?: IgnoredNoise | null;
  /** Set when an AI endpoint refined the result (see refineWithAI). */
  ai?: AiJudgement;
}

export interface AiJudgement {
  important: boolean;
  reason: string;
  /** The deterministic summary the AI rewrote. */
  originalSummary: string;
  model: string;
}
