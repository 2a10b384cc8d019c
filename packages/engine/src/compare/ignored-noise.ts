/**
 * What the noise filter hid on one comparison ("3 timestamps, 1 counter ignored"): for each line of the
 * next version that is not in the previous one, the first filter that made it equal to a previous line
 * (or removed it) is credited. Built-in masks are counted per fragment that differed (a line whose clock
 * moved is one timestamp, however many unchanged dates it also holds); ignore rules and learned noise
 * per line. A line that is new after every filter is a real change and counts for nothing here.
 */
import type { Snapshot } from "../snapshot";
import type { IgnoreRule } from "./ignore-rules";
import { maskNoise } from "./noise-masks";
import { type LearnedNoise, matchesTemplate } from "./noise-view";
import { normaliseWhitespace, ruledLine } from "./normalise";

export interface IgnoredNoise {
  /** Dates, times, "2 hours ago", weekdays that changed and were masked. */
  timestamps: number;
  /** View, stock-left, "people watching" and similar counters. */
  counters: number;
  /** Session ids, tokens, random-looking ids. */
  ids: number;
  /** Lines hidden by the noise learned from two back-to-back fetches. */
  learned: number;
  /** The user's ignore rules that hid a difference, as written, with how many lines each hid. */
  rules: { rule: string; lines: number }[];
}

/** Lines looked at per comparison: a page rewritten wholesale is a change, not noise worth itemising. */
const MAX_LINES = 2000;
const PLACEHOLDER = /⟨(date|time|ago|day|n|id|token)⟩/g;
const categoryOf: Record<string, "timestamps" | "counters" | "ids"> = {
  date: "timestamps",
  time: "timestamps",
  ago: "timestamps",
  day: "timestamps",
  n: "counters",
  id: "ids",
  token: "ids",
};

export function countIgnored(
  previous: Snapshot,
  next: Snapshot,
  settings: { rules: readonly IgnoreRule[]; learnedNoise: LearnedNoise | null },
): IgnoredNoise | null {
  const before = previous.lines.slice(0, MAX_LINES).map(normaliseWhitespace);
  const after = next.lines.slice(0, MAX_LINES).map(normaliseWhitespace);
  const beforeSet = new Set(before);
  const afterSet = new Set(after);
  const added = [...afterSet].filter((line) => line !== "" && !beforeSet.has(line));
  if (added.length === 0) return null;
  // Previous lines gone from the next version, by their masked form: the partners of masked differences.
  const goneByMasked = new Map<string, string[]>();
  for (const line of beforeSet) {
    if (afterSet.has(line)) continue;
    const masked = maskNoise(line);
    goneByMasked.set(masked, [...(goneByMasked.get(masked) ?? []), line]);
  }
  // Every previous line after the rules (and learned noise): built only when a rule or learned noise could
  // have hidden something, since it masks the whole page.
  let previousForms: { ruled: Set<string>; learned: Set<string> } | null = null;
  const previousLines = () => {
    if (previousForms) return previousForms;
    previousForms = { ruled: new Set(), learned: new Set() };
    for (const line of beforeSet) {
      const ruled = ruledForm(line, settings.rules);
      if (ruled === null) continue;
      previousForms.ruled.add(ruled);
      const learned = settings.learnedNoise ? learnedForm(ruled, settings.learnedNoise) : null;
      if (learned !== null) previousForms.learned.add(learned);
    }
    return previousForms;
  };
  const found: IgnoredNoise = { timestamps: 0, counters: 0, ids: 0, learned: 0, rules: [] };
  const ruleLines = new Map<string, number>();
  const credit = (rule: IgnoreRule) => ruleLines.set(rule.source, (ruleLines.get(rule.source) ?? 0) + 1);

  for (const line of added) {
    const masked = maskNoise(line);
    const partner = goneByMasked.get(masked)?.shift();
    if (partner !== undefined) {
      for (const kind of differingFragments(partner, line, masked)) found[categoryOf[kind]!] += 1;
      continue;
    }
    const ruled = ruledForm(line, settings.rules);
    if (ruled === null) {
      const rule = settings.rules.find((r) => r.kind === "text" && line.toLowerCase().includes(r.needle));
      if (rule) credit(rule);
      continue;
    }
    if (ruled !== masked && previousLines().ruled.has(ruled)) {
      for (const rule of settings.rules)
        if (rule.kind === "regex" && rule.pattern.firstMatch(line) !== null) credit(rule);
      continue;
    }
    if (settings.learnedNoise) {
      const learned = learnedForm(ruled, settings.learnedNoise);
      if (learned === null || (learned !== ruled && previousLines().learned.has(learned))) found.learned += 1;
    }
  }
  found.rules = [...ruleLines].map(([rule, lines]) => ({ rule, lines }));
  const any = found.timestamps + found.counters + found.ids + found.learned + found.rules.length > 0;
  return any ? found : null;
}

/** A line as the rules, then the built-in masks, leave it (as the comparison sees it): null when a rule hides it. */
function ruledForm(line: string, rules: readonly IgnoreRule[]): string | null {
  const ruled = ruledLine(line, rules);
  return ruled === null ? null : maskNoise(ruled);
}

/** A line as learned noise leaves it: null when the whole line is volatile. */
function learnedForm(line: string, noise: LearnedNoise): string | null {
  if (noise.volatileLines.includes(line)) return null;
  const template = noise.lineTemplates.find((segments) => matchesTemplate(line, segments));
  return template ? template.join(" ⟨learned⟩ ") : line;
}

/**
 * The kinds of the masked fragments whose text differs between two lines with the same masked form. The
 * fragments are read between the masked form's literal parts; when that fails (two placeholders side by
 * side, a URL rewritten), every placeholder of the line counts.
 */
function differingFragments(before: string, after: string, masked: string): string[] {
  const kinds: string[] = [];
  const literals: string[] = [];
  let last = 0;
  for (const match of masked.matchAll(PLACEHOLDER)) {
    literals.push(masked.slice(last, match.index));
    kinds.push(match[1]!);
    last = match.index + match[0].length;
  }
  literals.push(masked.slice(last));
  const a = fragmentsOf(before, literals);
  const b = fragmentsOf(after, literals);
  if (!a || !b) return kinds;
  return kinds.filter((_, i) => a[i] !== b[i]);
}

function fragmentsOf(line: string, literals: readonly string[]): string[] | null {
  if (!line.startsWith(literals[0]!)) return null;
  let position = literals[0]!.length;
  const values: string[] = [];
  for (let i = 1; i < literals.length; i++) {
    const literal = literals[i]!;
    const last = i === literals.length - 1;
    const at = last ? line.length - literal.length : literal === "" ? -1 : line.indexOf(literal, position);
    if (at < position || (last && !line.endsWith(literal))) return null;
    values.push(line.slice(position, at));
    position = at + literal.length;
  }
  return values;
}
