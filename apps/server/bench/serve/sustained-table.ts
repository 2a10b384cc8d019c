/** The serve benchmark's markdown table of the sustained lag runs (sustained-lag.ts). */
import type { LagSlice } from "../bench-stats";
import type { CaseResult } from "./serve-case";
import type { FairnessResult, LagWindow, SustainedResult } from "./sustained-lag";

const ms = (value: number | null) => (value === null ? "–" : String(value));

function slicesCell(slices: readonly LagSlice[]): string {
  if (slices.length === 0) return "–";
  return slices
    .map(
      (slice) =>
        `${slice.fromSeconds}–${slice.toSeconds} s: p99 ${slice.p99Ms}, max ${slice.maxMs}, ${slice.late} of ${slice.due} ≥ 1 s`,
    )
    .join("; ");
}

function windowRow(tool: string, kind: string, window: LagWindow): string {
  const p99 = `${window.p99AtLeast ? "≥ " : ""}${ms(window.p99Ms)}`;
  return `| ${tool} | ${kind} | ${window.rate}/s × ${window.seconds} s | ${window.due} | ${window.started} | ${ms(window.p50Ms)} / ${p99} | ${ms(window.p99WarmMs)} | ${slicesCell(window.worstSlices)} | ${window.waiting} | ${(window.behindMs / 1000).toFixed(1)} | ${ms(window.checkMsP50)} | ${ms(window.cpuSecondsPerCheck)} | ${window.loadAverage} |`;
}

function stepLine(result: SustainedResult): string {
  if (result.steps.length === 0) return "";
  const rate = result.sustainedRate === null ? "none" : `${result.sustainedRate} checks/s`;
  return ` highest step rate with lag p99 after 10 s < 1 s: ${rate}.`;
}

/** The fair-shares aim: another user's slow host delays these checks by at most one check's time. */
function fairnessLine(fairness: FairnessResult | null): string {
  if (!fairness) return "";
  const { without, withSlowHost } = fairness;
  if (without.p99WarmMs === null || withSlowHost.p99WarmMs === null) return "";
  const p50 = (withSlowHost.p50Ms ?? 0) - (without.p50Ms ?? 0);
  const p99 = withSlowHost.p99WarmMs - without.p99WarmMs;
  return ` Fair shares: the slow host moved lag p50 by ${p50} ms and p99 after 10 s by ${p99} ms (one check: ${ms(without.checkMsP50)} ms).`;
}

export function sustainedTable(rows: readonly CaseResult[]): string[] {
  if (rows.length === 0) return [];
  return [
    "",
    "Sustained scheduling lag (BENCH_SUSTAINED=1): lag = check start − due time; a monitor still waiting at the stop counts with its wait so far (≥: the p99 is then a lower bound).",
    "p99 after 10 s: the monitors due after a window's first 10 s (every window starts its server, cold).",
    "",
    "| tool | run | rate × window | due | started | lag p50 / p99 ms | p99 after 10 s | worst three 10 s after the first (ms) | waiting at the stop | behind at the stop (s) | check ms p50 | CPU s/check | load avg (end) |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows.flatMap((row) => {
      const result = row.sustained!;
      return [
        ...result.steps.map((step) => windowRow(row.tool, "step", step)),
        ...(result.full ? [windowRow(row.tool, "full", result.full)] : []),
        ...(result.fairness
          ? [
              windowRow(row.tool, "fair: alone", result.fairness.without),
              windowRow(
                row.tool,
                `fair: + ${result.fairness.slowMonitors} due on a host answering in ${result.fairness.holdMs / 1000} s`,
                result.fairness.withSlowHost,
              ),
            ]
          : []),
      ];
    }),
    "",
    ...rows.map((row) => `${row.tool}:${stepLine(row.sustained!)}${fairnessLine(row.sustained!.fairness)}`),
  ];
}
