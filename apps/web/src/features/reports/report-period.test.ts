import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { periodFromParams, periodToParams, presetPeriod } from "./report-period";

const today = dayjs("2026-11-22T12:00:00Z");

describe("report period in the URL", () => {
  it("defaults to the last 30 days, today included", () => {
    expect(periodFromParams(new URLSearchParams(), today)).toEqual({
      from: "2026-10-24",
      to: "2026-11-22",
      monitorId: undefined,
    });
  });

  it("reads a valid explicit period and the monitor back from what it wrote", () => {
    const period = { from: "2026-11-01", to: "2026-11-10", monitorId: "m1" };
    expect(periodFromParams(periodToParams(period), today)).toEqual(period);
  });

  it("ignores malformed or reversed dates", () => {
    expect(periodFromParams(new URLSearchParams("from=2026-13-01&to=2026-11-10"), today).from).toBe(
      "2026-10-24",
    );
    expect(periodFromParams(new URLSearchParams("from=2026-11-10&to=2026-11-01"), today).to).toBe(
      "2026-11-22",
    );
  });

  it("computes presets ending today", () => {
    expect(presetPeriod(7, today)).toEqual({ from: "2026-11-16", to: "2026-11-22" });
  });
});
