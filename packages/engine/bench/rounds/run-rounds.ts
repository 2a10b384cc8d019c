/**
 * Multi-round recall/precision run: pages served by the workload server (bench/workload, forked) over HTTP on
 * loopback, each fetched through the engine's real fetch → extract → compare, the way a monitor is
 * checked: a baseline from two back-to-back fetches (noise learned from their difference), then one check
 * per round. Two settings: what the editor proposes for a new monitor (`suggestWatch`, default
 * sensitivity) and every kind on. Per kind: recall over the pages that really changed that way, precision
 * over the pages where that kind was reported.
 */
import { defaultSensitivity, type WatchKind, watchKinds } from "@changeradar/contracts";
import {
  compareSnapshots,
  fingerprintSnapshot,
  type LearnedNoise,
  learnNoise,
  suggestWatch,
} from "../../src/compare";
import { extractSnapshot } from "../../src/extract";
import { fetchPage } from "../../src/fetch";
import type { Snapshot } from "../../src/snapshot";
import { forkWorkload } from "../workload/remote";

export type SettingName = "editor" | "every kind";

interface Monitor {
  watch: readonly WatchKind[];
  learnedNoise: LearnedNoise;
  previous: Snapshot;
  recent: string[];
}

export interface KindFigures {
  /** Pages that really changed this way, and how many of them alerted with this kind. */
  real: number;
  detected: number;
  /** Pages where this kind was reported, and how many of them really changed. */
  reported: number;
  correct: number;
}

export interface RoundsResult {
  pages: number;
  rounds: number;
  settings: Record<
    SettingName,
    {
      perKind: Record<string, KindFigures>;
      noiseAlerts: number;
      noisePages: number;
      misses: string[];
      falseAlerts: string[];
    }
  >;
}

async function snapshotOf(url: string): Promise<Snapshot> {
  const page = await fetchPage({ url }, { allowPrivateTargets: true, totalTimeoutMs: 60_000 });
  return extractSnapshot({
    url: page.finalUrl,
    contentType: page.contentType,
    text: page.text,
    bytes: page.bytes,
  });
}

async function inBatches<T>(count: number, width: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const index = next++;
        out[index] = await task(index);
      }
    }),
  );
  return out;
}

function figuresOf(perKind: Record<string, KindFigures>, kind: string): KindFigures {
  perKind[kind] ??= { real: 0, detected: 0, reported: 0, correct: 0 };
  return perKind[kind];
}

export async function runRounds(options: {
  pages: number;
  rounds: number;
  seed?: number;
  concurrency?: number;
}): Promise<RoundsResult> {
  // The page server runs in a process of its own, so serving never competes with extracting.
  const workload = await forkWorkload({ pages: options.pages, seed: options.seed ?? 1 });
  const width = options.concurrency ?? 8;
  try {
    const urls = workload.urls;
    const baselines = await inBatches(urls.length, width, async (i) => {
      const first = await snapshotOf(urls[i] as string);
      const second = await snapshotOf(urls[i] as string);
      return { second, noise: learnNoise(first, second, null) };
    });
    const settings: Record<SettingName, Monitor[]> = { editor: [], "every kind": [] };
    for (const { second, noise } of baselines) {
      for (const [name, watch] of [
        ["editor", suggestWatch(second)],
        ["every kind", [...watchKinds]],
      ] as const) {
        const fingerprint = fingerprintSnapshot(second, { watch, learnedNoise: noise });
        settings[name].push({ watch, learnedNoise: noise, previous: second, recent: [fingerprint] });
      }
    }
    const result: RoundsResult = {
      pages: urls.length,
      rounds: options.rounds,
      settings: {
        editor: { perKind: {}, noiseAlerts: 0, noisePages: 0, misses: [], falseAlerts: [] },
        "every kind": { perKind: {}, noiseAlerts: 0, noisePages: 0, misses: [], falseAlerts: [] },
      },
    };
    for (let r = 0; r < options.rounds; r++) {
      const round = await workload.nextRound();
      const truth = await workload.truth(round);
      const snapshots = await inBatches(urls.length, width, (i) => snapshotOf(urls[i] as string));
      for (const name of Object.keys(settings) as SettingName[]) {
        const figures = result.settings[name];
        settings[name].forEach((monitor, i) => {
          const next = snapshots[i] as Snapshot;
          const page = truth[i]!;
          const compared = compareSnapshots(monitor.previous, next, {
            watch: monitor.watch,
            learnedNoise: monitor.learnedNoise,
            recentFingerprints: monitor.recent,
            sensitivity: defaultSensitivity,
          });
          if (compared.changed || compared.flipFlop) {
            monitor.previous = next;
            monitor.recent = [compared.fingerprint, ...monitor.recent].slice(0, 5);
          }
          if (page.changed !== null) {
            const kind = figuresOf(figures.perKind, page.changed);
            kind.real++;
            if (compared.changed && compared.kinds.includes(page.changed)) kind.detected++;
            else
              figures.misses.push(
                `round ${round} ${page.mutation} on ${page.file}: [${compared.kinds}] ${compared.summary}`,
              );
          } else if (page.noise.length > 0) {
            figures.noisePages++;
            if (compared.changed) figures.noiseAlerts++;
          }
          if (compared.changed) {
            if (page.changed === null)
              figures.falseAlerts.push(
                `round ${round} ${page.noise.join("+") || "no noise"} on ${page.file}: [${compared.kinds}] ${compared.summary}`,
              );
            for (const kind of compared.kinds) {
              const k = figuresOf(figures.perKind, kind);
              k.reported++;
              if (page.changed !== null) k.correct++;
            }
          }
        });
      }
    }
    return result;
  } finally {
    await workload.close();
  }
}

export function formatRounds(result: RoundsResult): string {
  const out: string[] = [`${result.pages} pages × ${result.rounds} rounds`];
  for (const [name, s] of Object.entries(result.settings)) {
    let real = 0;
    let detected = 0;
    const rows = Object.entries(s.perKind)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, f]) => {
        real += f.real;
        detected += f.detected;
        const recall = f.real === 0 ? "—" : (f.detected / f.real).toFixed(3);
        const precision = f.reported === 0 ? "—" : (f.correct / f.reported).toFixed(3);
        return `  ${kind.padEnd(12)} recall ${recall} (${f.detected}/${f.real})  precision ${precision} (${f.correct}/${f.reported})`;
      });
    const alerts = detected + s.falseAlerts.length;
    out.push(
      `${name}: recall ${(detected / Math.max(real, 1)).toFixed(3)} (${detected}/${real}), alert precision ${(detected / Math.max(alerts, 1)).toFixed(3)}, noise-only pages alerted ${s.noiseAlerts}/${s.noisePages}`,
      ...rows,
      ...s.misses.slice(0, 10).map((m) => `  missed: ${m}`),
      ...s.falseAlerts.slice(0, 10).map((m) => `  false alert: ${m}`),
    );
  }
  return out.join("\n");
}
