/** The serve benchmark's markdown table of the sustained lag runs (sustained-lag.ts). */
import type { CaseResult } from "./serve-case";
import type { LagWindow } from "./sustained-lag";

const ms = (value: number | null) => (value === null ? "–" : String(value));

function windowRow(tool: string, kind: string, window: LagWindow): string {
  const p99 = `${window.p99AtLeast ? "≥ " : ""}${ms(window.p99Ms)}`;
  return `| ${tool} | ${kind} | ${window.rate}/s × ${window.seconds} s | ${window.due} | ${window.started} | ${ms(window.p50Ms)} / ${p99} | ${window.waiting} | ${(window.behindMs / 1000).toFixed(1)} | ${ms(window.cpuSecondsPerCheck)} | ${window.loadAverage} |`;
}

export function sustainedTable(rows: readonly CaseResult[]): string[] {
  if (rows.length === 0) return [];
  return [
    "",
    "Sustained scheduling lag (BENCH_SUSTAINED=1): lag = check start − due time; a monitor still waiting at the stop counts with its wait so far.",
    "",
    "| tool | run | rate × window | due | started | lag p50 / p99 ms | waiting at the stop | behind at the stop (s) | CPU s/check | load avg (end) |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows.flatMap((row) => {
      const result = row.sustained!;
      return [
        ...result.steps.map((step) => windowRow(row.tool, "step", step)),
        ...(result.full ? [windowRow(row.tool, "full", result.full)] : []),
      ];
    }),
    "",
    ...rows.map(
      (row) =>
        `${row.tool}: highest step rate with lag p99 < 1 s: ${row.sustained!.sustainedRate === null ? "none" : `${row.sustained!.sustainedRate} checks/s`}.`,
    ),
  ];
}
