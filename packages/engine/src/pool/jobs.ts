/**
 * The engine work one page needs, as messages a worker thread can run: extract, compare, fingerprint and
 * learn noise. Everything in and out is structured-cloneable (snapshots are plain JSON data).
 */
import type { ChangeResult, CompareOptions, FingerprintOptions, LearnedNoise } from "../compare";
import { compareSnapshots, fingerprintSnapshot, learnNoise } from "../compare";
import { type ExtractInput, type ExtractOptions, extractSnapshot } from "../extract";
import type { Snapshot } from "../snapshot";

export type EngineJob =
  | { kind: "extract"; input: ExtractInput; options: ExtractOptions }
  | { kind: "compare"; previous: Snapshot; next: Snapshot; options: CompareOptions }
  | { kind: "fingerprint"; snapshot: Snapshot; options: FingerprintOptions }
  | { kind: "learnNoise"; first: Snapshot; second: Snapshot; previous: LearnedNoise | null };

/** What each job answers. */
export interface EngineJobResults {
  extract: Snapshot;
  compare: ChangeResult;
  fingerprint: string;
  learnNoise: LearnedNoise;
}

/** The page-level work of a check, wherever it runs: in this thread or on the pool's worker threads. */
export interface PageEngine {
  extract(input: ExtractInput, options?: ExtractOptions): Promise<Snapshot>;
  compare(previous: Snapshot, next: Snapshot, options: CompareOptions): Promise<ChangeResult>;
  fingerprint(snapshot: Snapshot, options: FingerprintOptions): Promise<string>;
  learnNoise(first: Snapshot, second: Snapshot, previous?: LearnedNoise | null): Promise<LearnedNoise>;
}

export async function runJob(job: EngineJob): Promise<EngineJobResults[EngineJob["kind"]]> {
  switch (job.kind) {
    case "extract":
      return extractSnapshot(job.input, job.options);
    case "compare":
      return compareSnapshots(job.previous, job.next, job.options);
    case "fingerprint":
      return fingerprintSnapshot(job.snapshot, job.options);
    case "learnNoise":
      return learnNoise(job.first, job.second, job.previous);
  }
}

/** The engine on the calling thread: for the command line and tools, where no other user shares the loop. */
export const inProcessEngine: PageEngine = {
  extract: (input, options = {}) => extractSnapshot(input, options),
  compare: async (previous, next, options) => compareSnapshots(previous, next, options),
  fingerprint: async (snapshot, options) => fingerprintSnapshot(snapshot, options),
  learnNoise: async (first, second, previous = null) => learnNoise(first, second, previous),
};
