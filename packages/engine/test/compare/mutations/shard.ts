/**
 * One shard of the mutation suite: every `count`-th corpus page starting at `index`. The suite is split into
 * shard files so Vitest runs them in parallel; each shard must detect every real change with the right kind,
 * alert on no noise-only change, and exercise every kind of mutation at least its share of the corpus-wide floor.
 */
import { expect, it } from "vitest";
import { loadCorpus } from "./corpus";
import { type Outcome, runMutations, summarise } from "./run-suite";

/** How often each mutation must apply over the whole corpus; a shard needs its share. */
const corpusFloors: Record<string, number> = {
  "real: price change": 10,
  "real: stock flip": 10,
  "real: new item": 10,
  "real: image swap": 10,
  "real: paragraph edit": 10,
  "real: element removed": 10,
  "real: list growth": 10,
  "noise: timestamp": 100,
  "noise: rotating token": 100,
  "noise: ad id": 100,
  "noise: view counter": 100,
  "noise: whitespace": 100,
  "noise: attribute order": 100,
  // The URL noise families run on a third of the pages.
  "noise: rotating ad creative": 30,
  "noise: tracking pixel": 30,
  "noise: cache-busting query": 30,
  "noise: session id in urls": 30,
};

export const SHARDS = 4;

export function mutationShard(index: number): void {
  it(`shard ${index + 1}/${SHARDS}: detects every real change with the right kind, alerts on no noise-only change`, () => {
    const corpus = loadCorpus();
    expect(corpus.length).toBeGreaterThanOrEqual(180);
    const pages = corpus.filter((_, i) => i % SHARDS === index);
    const outcomes: Outcome[] = pages.flatMap(runMutations);
    const summary = summarise(outcomes);
    const failures = outcomes
      .filter((o) => !o.ok)
      .map((o) => `${o.real ? "missed" : "alerted"} ${o.mutation} on ${o.file}: ${o.detail}`);
    console.log(JSON.stringify({ shard: index + 1, pages: pages.length, ...summary }, null, 2));
    if (failures.length > 0) console.log(failures.join("\n"));

    for (const [mutation, floor] of Object.entries(corpusFloors)) {
      expect(summary.byMutation[mutation]?.applied ?? 0, mutation).toBeGreaterThan(
        Math.floor(floor / SHARDS),
      );
    }
    expect(failures.filter((f) => f.startsWith("missed"))).toEqual([]);
    expect(summary.realDetectedPercent).toBe(100);
    expect(summary.noiseAlertPercent).toBe(0);
  }, 600_000);
}
