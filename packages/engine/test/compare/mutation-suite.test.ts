/**
 * Mutation suite over the whole shared corpus: real changes (price, stock, new item, image swap,
 * paragraph edit, element removed) must be detected with the right kind; noise-only changes (timestamp,
 * rotating token, ad id, view counter, whitespace, attribute order) must not alert. Each mutation is
 * applied only where it applies (a price change only on a page with a price).
 */
import { describe, expect, it } from "vitest";
import { loadCorpus } from "./mutations/corpus";
import { type Outcome, runMutations, summarise } from "./mutations/run-suite";

describe("mutation suite over the corpus", () => {
  it("detects every real change with the right kind, and alerts on at most 2% of noise-only changes", () => {
    const pages = loadCorpus();
    expect(pages.length).toBeGreaterThanOrEqual(180);
    const outcomes: Outcome[] = pages.flatMap(runMutations);
    const summary = summarise(outcomes);
    const failures = outcomes
      .filter((o) => !o.ok)
      .map((o) => `${o.real ? "missed" : "alerted"} ${o.mutation} on ${o.file}: ${o.detail}`);
    console.log(JSON.stringify({ pages: pages.length, ...summary }, null, 2));
    if (failures.length > 0) console.log(failures.join("\n"));

    // Every kind of real mutation and noise must actually have been exercised.
    for (const name of [
      "price change",
      "stock flip",
      "new item",
      "image swap",
      "paragraph edit",
      "element removed",
    ]) {
      expect(summary.byMutation[`real: ${name}`]?.applied ?? 0).toBeGreaterThan(10);
    }
    for (const name of [
      "timestamp",
      "rotating token",
      "ad id",
      "view counter",
      "whitespace",
      "attribute order",
    ]) {
      expect(summary.byMutation[`noise: ${name}`]?.applied ?? 0).toBeGreaterThan(100);
    }
    expect(failures.filter((f) => f.startsWith("missed"))).toEqual([]);
    expect(summary.realDetectedPercent).toBe(100);
    expect(summary.noiseAlertPercent).toBeLessThanOrEqual(2);
  }, 600_000);
});
