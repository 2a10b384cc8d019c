/** The sustained lag run's worst slice: where in a window the late checks were due. */
import { describe, expect, it } from "vitest";
import { worstSlice } from "../../bench/bench-stats";

describe("worstSlice", () => {
  it("finds the 10 s whose checks were latest, by due time, and counts those a second late or more", () => {
    const dueMs: number[] = [];
    const lagsMs: number[] = [];
    for (let due = 0; due < 60_000; due += 100) {
      dueMs.push(due);
      // A stall at 40-50 s: every check due then starts 1.5 s late, one 2.8 s.
      lagsMs.push(due >= 40_000 && due < 50_000 ? (due === 45_000 ? 2_800 : 1_500) : 10);
    }
    expect(worstSlice(dueMs, lagsMs)).toEqual({
      fromSeconds: 40,
      due: 100,
      p99Ms: 1_500,
      late: 100,
      maxMs: 2_800,
    });
  });

  it("answers null for a window with no checks, and slices of the size asked", () => {
    expect(worstSlice([], [])).toBeNull();
    expect(worstSlice([0, 4_000, 6_000], [5, 900, 20], 5_000)).toMatchObject({
      fromSeconds: 0,
      due: 2,
      p99Ms: 900,
      late: 0,
    });
  });
});
