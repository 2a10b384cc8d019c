/** Runs every applicable mutation over the corpus: extract both versions, compare, record the outcome. */
import { watchKinds } from "@changeradar/contracts";
import { compareSnapshots } from "../../../src/compare";
import { extractSnapshotSync } from "../../../src/extract";
import type { Snapshot } from "../../../src/snapshot";
import type { CorpusPage } from "./corpus";
import { noiseJsonMutations, noiseTextMutations, realJsonMutations, realTextMutations } from "./json-text";
import { type NoiseMutation, noiseHtmlMutations } from "./noise-html";
import { type RealMutation, realHtmlMutations } from "./real-html";

const watch = watchKinds.filter((kind) => kind !== "visual");

export interface Outcome {
  file: string;
  mutation: string;
  real: boolean;
  /** Real: detected with the expected kind. Noise: did not alert. */
  ok: boolean;
  detail: string;
}

function mutationsFor(page: CorpusPage): { real: readonly RealMutation[]; noise: readonly NoiseMutation[] } {
  if (page.category === "json") return { real: realJsonMutations, noise: noiseJsonMutations };
  if (page.category === "text") return { real: realTextMutations, noise: noiseTextMutations };
  return { real: realHtmlMutations, noise: noiseHtmlMutations };
}

function extract(page: CorpusPage, text: string): Snapshot {
  return extractSnapshotSync({ ...page.input, text, bytes: undefined });
}

export function runMutations(page: CorpusPage): Outcome[] {
  const original = page.input.text;
  const base = extract(page, original);
  const outcomes: Outcome[] = [];
  const { real, noise } = mutationsFor(page);
  for (const mutation of real) {
    const pair = mutation.pair?.(original, base, page) ?? null;
    const mutated = pair === null ? mutation.apply(original, base, page) : pair[1];
    if (mutated === null || mutated === original) continue;
    const before = pair === null ? base : extract(page, pair[0]);
    const result = compareSnapshots(before, extract(page, mutated), { watch });
    const counted =
      mutation.addsItems === undefined ||
      (result.diffs.items.added.length === mutation.addsItems &&
        result.summary.startsWith(`${mutation.addsItems} new item${mutation.addsItems === 1 ? ":" : "s:"}`));
    outcomes.push({
      file: page.file,
      mutation: mutation.name,
      real: true,
      ok: result.changed && result.kinds.includes(mutation.expected) && counted,
      detail: `kinds=[${result.kinds.join(",")}] ${result.summary}`,
    });
  }
  for (const mutation of noise) {
    const pair = mutation.apply(original, page);
    if (pair === null) continue;
    const [a, b] = pair;
    const result = compareSnapshots(a === original ? base : extract(page, a), extract(page, b), { watch });
    outcomes.push({
      file: page.file,
      mutation: mutation.name,
      real: false,
      ok: !result.alert,
      detail: `kinds=[${result.kinds.join(",")}] ${result.summary}`,
    });
  }
  return outcomes;
}

export function summarise(outcomes: readonly Outcome[]) {
  const byMutation = new Map<string, { applied: number; ok: number }>();
  for (const o of outcomes) {
    const key = `${o.real ? "real" : "noise"}: ${o.mutation}`;
    const entry = byMutation.get(key) ?? { applied: 0, ok: 0 };
    entry.applied += 1;
    if (o.ok) entry.ok += 1;
    byMutation.set(key, entry);
  }
  const real = outcomes.filter((o) => o.real);
  const noise = outcomes.filter((o) => !o.real);
  return {
    realApplied: real.length,
    realDetectedPercent: (100 * real.filter((o) => o.ok).length) / Math.max(real.length, 1),
    noiseApplied: noise.length,
    noiseAlertPercent: (100 * noise.filter((o) => !o.ok).length) / Math.max(noise.length, 1),
    byMutation: Object.fromEntries(byMutation),
  };
}
