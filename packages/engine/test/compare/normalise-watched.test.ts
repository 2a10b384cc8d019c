import { describe, expect, it } from "vitest";
import { compareSnapshots, fingerprintSnapshot, normaliseSnapshot } from "../../src/compare";
import { buildSnapshot, item, usd } from "./build-snapshot";

const settings = { rules: [], learnedNoise: null };
const page = buildSnapshot({
  items: [item("First", "https://shop.example/1?utm_source=x"), item("Second")],
  images: ["https://shop.example/a.png#top"],
});

describe("normalising only what is watched", () => {
  it("leaves the items and images of kinds not watched empty, and normalises them when watched", () => {
    const textOnly = normaliseSnapshot(page, settings, undefined, new Set(["text"]));
    expect(textOnly.items).toEqual([]);
    expect(textOnly.images).toEqual([]);
    expect(textOnly.lines).toEqual(page.lines);
    const all = normaliseSnapshot(page, settings);
    expect(all.items.map((i) => i.key)).toEqual(["https://shop.example/1", "second"]);
    expect(all.images).toEqual(["https://shop.example/a.png"]);
  });

  it("gives the fingerprint a comparison gives, for a monitor watching some kinds", () => {
    const next = buildSnapshot({ ...page, items: [...page.items, item("Third", "https://shop.example/3")] });
    for (const watch of [["text"], ["new_content"], ["images", "structure"]] as const) {
      const result = compareSnapshots(page, next, { watch });
      expect(result.fingerprint).toBe(fingerprintSnapshot(next, { watch }));
      const watchesItems = (watch as readonly string[]).includes("new_content");
      expect(result.diffs.items.added).toHaveLength(watchesItems ? 1 : 0);
    }
  });
});

describe("the text diff of a monitor that does not watch text", () => {
  const priced = (amount: number, lines: string[]) => buildSnapshot({ lines, price: usd(amount) });

  it("is not computed while no watched kind changed", () => {
    const result = compareSnapshots(priced(10, ["Price $10", "Old"]), priced(10, ["Price $10", "New"]), {
      watch: ["price"],
    });
    expect(result.changed).toBe(false);
    expect(result.diffs.text).toEqual([]);
  });

  it("is computed once a watched kind changed: it is what the change shows", () => {
    const result = compareSnapshots(priced(10, ["Price $10"]), priced(12, ["Price $12"]), {
      watch: ["price"],
    });
    expect(result.kinds).toEqual(["price"]);
    expect(result.diffs.text.filter((entry) => entry.op !== "equal").length).toBeGreaterThan(0);
  });
});
