/**
 * Two versions of a site's pages: which pages were added and which removed, as one change whose summary
 * names both ("2 pages added, 1 removed") and whose diff lists the addresses (each with a little context,
 * as a page's text diff has). Re-ordering is never a change; the versions' lines are sorted addresses.
 */
import { createHash } from "node:crypto";
import { type IgnoreRule, MAX_LINE_LENGTH_FOR_RULES, parseIgnoreRules } from "../compare/ignore-rules";
import type { ChangeResult, LineDiffEntry } from "../compare/types";
import type { Snapshot } from "../snapshot";

/** Summaries of site changes, in the product's wording. */
export function summariseSitePages(added: number, removed: number): string {
  const pages = (count: number) => `${count} page${count === 1 ? "" : "s"}`;
  if (added > 0 && removed > 0) return `${pages(added)} added, ${removed} removed`;
  if (added > 0) return `${pages(added)} added`;
  if (removed > 0) return `${pages(removed)} removed`;
  return "No change";
}

/** The pages, and the pages held for one check: a version that holds a page is a version of its own. */
export function siteFingerprint(snapshot: Snapshot): string {
  const held = snapshot.missingOnce ?? [];
  return createHash("sha256")
    .update([...snapshot.lines].sort().join("\n"))
    .update(held.length > 0 ? `\nmissing once:\n${[...held].sort().join("\n")}` : "")
    .digest("hex")
    .slice(0, 32);
}

/** The merged walk of two sorted address lists: equal, added and removed entries in address order. */
function sortedListDiff(before: readonly string[], after: readonly string[]): LineDiffEntry[] {
  const a = [...new Set(before)].sort();
  const b = [...new Set(after)].sort();
  const entries: LineDiffEntry[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i] < b[j])) entries.push({ op: "remove", before: a[i++] });
    else if (i >= a.length || b[j] < a[i]) entries.push({ op: "add", after: b[j++] });
    else {
      entries.push({ op: "equal", before: a[i], after: b[j] });
      i += 1;
      j += 1;
    }
  }
  return entries;
}

/** The pages of a site version the user's ignore rules keep (the pages a site monitor watches one by one). */
export function sitePagesKept(snapshot: Snapshot, ignore: readonly string[]): string[] {
  return snapshot.lines.filter(keptBy(parseIgnoreRules(ignore)));
}

/** Pages the user's ignore rules leave out: an address containing a rule's text, or matching its /pattern/. */
function keptBy(rules: readonly IgnoreRule[]): (url: string) => boolean {
  return (url) =>
    !rules.some((rule) =>
      rule.kind === "text"
        ? url.toLowerCase().includes(rule.needle)
        : rule.pattern.firstMatch(url.slice(0, MAX_LINE_LENGTH_FOR_RULES)) !== null,
    );
}

export function compareSites(
  previous: Snapshot,
  next: Snapshot,
  options: { ignore?: readonly string[] } = {},
): ChangeResult {
  const kept = keptBy(parseIgnoreRules(options.ignore));
  const text = sortedListDiff(previous.lines.filter(kept), next.lines.filter(kept));
  const added = text.filter((entry) => entry.op === "add").map((entry) => entry.after ?? "");
  const removed = text.filter((entry) => entry.op === "remove").map((entry) => entry.before ?? "");
  const changed = added.length + removed.length > 0;
  const item = (url: string) => ({ title: url, url, key: url });
  return {
    changed,
    alert: changed,
    kinds: changed ? ["new_content"] : [],
    significance: changed ? Math.min(90, 45 + (added.length + removed.length) * 5) : 0,
    summary: summariseSitePages(added.length, removed.length),
    diffs: {
      text: changed ? text : [],
      items: { added: added.map(item), removed: removed.map(item) },
      images: { added: [], removed: [] },
      price: null,
      availability: null,
      structure: { added: [], removed: [] },
      visual: null,
    },
    conditions: [],
    flipFlop: false,
    fingerprint: siteFingerprint(next),
  };
}
