/**
 * Mutation suite over the whole shared corpus: real changes (price, stock, new item, a list growing from
 * two entries to three, image swap, paragraph edit, element removed) must be detected with the right kind;
 * noise-only changes (timestamp, rotating token, ad id, view counter, whitespace, attribute order, a
 * rotating ad creative, tracking pixels, cache-busting queries and session ids in image and link URLs)
 * must not alert. A screenshot case checks the visual kind with the ad slot masked. Each mutation is
 * applied only where it applies (a price change only on a page with a price).
 */
import { watchKinds } from "@changeradar/contracts";
import { describe, expect, it } from "vitest";
import { compareSnapshots } from "../../src/compare";
import { buildSnapshot, png } from "./build-snapshot";
import { loadCorpus } from "./mutations/corpus";
import { type Outcome, runMutations, summarise } from "./mutations/run-suite";

describe("mutation suite over the corpus", () => {
  it("detects every real change with the right kind, and alerts on no noise-only change", () => {
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
      "list growth",
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
    // The URL noise families run on a third of the pages.
    for (const name of [
      "rotating ad creative",
      "tracking pixel",
      "cache-busting query",
      "session id in urls",
    ]) {
      expect(summary.byMutation[`noise: ${name}`]?.applied ?? 0).toBeGreaterThan(30);
    }
    expect(failures.filter((f) => f.startsWith("missed"))).toEqual([]);
    expect(summary.realDetectedPercent).toBe(100);
    expect(summary.noiseAlertPercent).toBe(0);
  }, 1_200_000);

  it("visual: a changed word on a screenshot is a change at the default; a rotating ad slot, masked, is not", () => {
    const width = 400;
    const height = 600;
    const page = (adColour: [number, number, number], word: boolean) =>
      png(width, height, (x, y) => {
        if (x >= 300 && y < 250) return adColour; // the ad slot the noise filter ignores
        if (word && x >= 40 && x < 110 && y >= 300 && y < 316 && (x + y) % 3 !== 0) return [20, 20, 20];
        return [255, 255, 255];
      });
    const adSlot = { x: 300, y: 0, width: 100, height: 250 };
    const snapshot = buildSnapshot();
    const compare = (before: Uint8Array, after: Uint8Array) =>
      compareSnapshots(snapshot, snapshot, {
        watch: [...watchKinds],
        screenshots: { before, after, ignoreRegions: [adSlot] },
      });
    const real = compare(page([0, 90, 200], false), page([0, 90, 200], true));
    expect(real.changed).toBe(true);
    expect(real.kinds).toEqual(["visual"]);
    const noise = compare(page([0, 90, 200], false), page([200, 40, 0], false));
    expect(noise.alert).toBe(false);
    expect(noise.diffs.visual?.changedPixels).toBe(0);
  });
});
