import { describe, expect, it } from "vitest";
import { compareSnapshots, fingerprintSnapshot, normaliseSnapshot } from "../../src/compare";
import { buildSnapshot, item } from "./build-snapshot";

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
