/**
 * Extract + compare over the corpus in a loop, for `node --cpu-prof` (see bench/README or the engine
 * note): no fetch, no server, just the engine's per-page work. Prints pages/s by CPU time.
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/profile-extract-compare.ts
 */
import { watchKinds } from "@changeradar/contracts";
import { compareSnapshots } from "../src/compare";
import { extractSnapshotSync } from "../src/extract";
import type { Snapshot } from "../src/snapshot";
import { corpusEntries, readCorpusPage } from "../test/compare/mutations/corpus";

const PASSES = Number(process.env.BENCH_PASSES ?? 3);
const watch = [...watchKinds];
const pages = corpusEntries().map((entry) => ({ ...readCorpusPage(entry).input, bytes: undefined }));
const previous: Snapshot[] = pages.map((input) => extractSnapshotSync(input));
const cpu0 = process.cpuUsage();
for (let pass = 0; pass < PASSES; pass += 1) {
  for (const [i, input] of pages.entries())
    compareSnapshots(previous[i] as Snapshot, extractSnapshotSync(input), { watch });
}
const cpu = process.cpuUsage(cpu0);
const seconds = (cpu.user + cpu.system) / 1e6;
process.stdout.write(
  `${JSON.stringify({ pages: pages.length * PASSES, cpuSeconds: seconds, pagesPerCpuSecond: Math.round((pages.length * PASSES) / seconds) })}\n`,
);
