import { describe, expect, it } from "vitest";
import { compareSnapshots, learnNoise } from "../../src/compare";
import { buildSnapshot } from "./build-snapshot";

const compare = (before: string[], after: string[], options: { ignore?: string[] } = {}) =>
  compareSnapshots(buildSnapshot({ lines: before }), buildSnapshot({ lines: after }), {
    watch: ["text"],
    ...options,
  });

describe("what the noise filter ignored on a comparison", () => {
  it("counts the masked fragments that changed, by kind, not every fragment the masks touch", () => {
    const result = compare(
      [
        "Acme Kettle",
        "Updated 10:32 on 2026-11-20, 1,234 views",
        "Posted 3 hours ago",
        "Session a81f3c9e2b7d41f09c3e",
        "Sale ends 2026-12-01",
      ],
      [
        "Acme Kettle",
        "Updated 10:47 on 2026-11-20, 1,301 views",
        "Posted 4 hours ago",
        "Session 5d0e77c1a9b24e6f8a1b",
        "Sale ends 2026-12-01",
      ],
    );
    expect(result.changed).toBe(false);
    // The date on the first line and the sale's date did not change: not counted.
    expect(result.ignored).toEqual({ timestamps: 2, counters: 1, ids: 1, learned: 0, rules: [] });
  });

  it("names the user's ignore rule that hid a difference, with its lines", () => {
    const result = compare(
      ["Acme Kettle", "Deal of the week: socks", "Visitors: Anna"],
      ["Acme Kettle", "Deal of the week: gloves", "Visitors: Ben"],
      { ignore: ["deal of the week", "/Visitors: \\w+/"] },
    );
    expect(result.changed).toBe(false);
    expect(result.ignored).toEqual({
      timestamps: 0,
      counters: 0,
      ids: 0,
      learned: 0,
      rules: [
        { rule: "deal of the week", lines: 1 },
        { rule: "/Visitors: \\w+/", lines: 1 },
      ],
    });
  });

  it("counts lines hidden by learned noise", () => {
    const first = buildSnapshot({ lines: ["Acme Kettle", "Served by node blue"] });
    const second = buildSnapshot({ lines: ["Acme Kettle", "Served by node green"] });
    const learnedNoise = learnNoise(first, second);
    const third = buildSnapshot({ lines: ["Acme Kettle", "Served by node red"] });
    const result = compareSnapshots(first, third, { watch: ["text"], learnedNoise });
    expect(result.changed).toBe(false);
    expect(result.ignored).toMatchObject({ learned: 1, timestamps: 0, rules: [] });
  });

  it("is null when nothing was hidden, and a real change is not counted as noise", () => {
    expect(compare(["Acme Kettle", "$24.99"], ["Acme Kettle", "$24.99"]).ignored).toBeNull();
    const real = compare(["Acme Kettle", "Blue"], ["Acme Kettle", "Red"]);
    expect(real.changed).toBe(true);
    expect(real.ignored).toBeNull();
  });
});
