/** The sustained lag run's worst slices: where in a window the late checks were due. */
import { describe, expect, it } from "vitest";
import { worstSlices } from "../../bench/bench-stats";

describe("worstSlices", () => {
  it("finds the 10 s whose checks were latest, by due time, worst first, and counts those a second late or more", () => {
    const dueMs: number[] = [];
    const lagsMs: number[] = [];
    for (let due = 0; due < 60_000; due += 100) {
      dueMs.push(due);
      // A stall at 40-50 s: every check due then starts 1.5 s late, one 2.8 s; a smaller one at 10-20 s.
      const stalled = due >= 40_000 && due < 50_000 ? (due === 45_000 ? 2_800 : 1_500) : null;
      lagsMs.push(stalled ?? (due >= 10_000 && due < 20_000 ? 300 : 10));
    }
    expect(worstSlices(dueMs, lagsMs)).toEqual([
      { fromSeconds: 40, toSeconds: 50, due: 100, p99Ms: 1_500, late: 100, maxMs: 2_800 },
      { fromSeconds: 10, toSeconds: 20, due: 100, p99Ms: 300, late: 0, maxMs: 300 },
      { fromSeconds: 0, toSeconds: 10, due: 100, p99Ms: 10, late: 0, maxMs: 10 },
    ]);
  });

  it("answers none for a window with no checks, and slices of the size and number asked", () => {
    expect(worstSlices([], [])).toEqual([]);
    expect(worstSlices([0, 4_000, 6_000], [5, 900, 20], { sliceMs: 5_000, count: 1 })).toEqual([
      { fromSeconds: 0, toSeconds: 5, due: 2, p99Ms: 900, late: 0, maxMs: 900 },
    ]);
  });
});
