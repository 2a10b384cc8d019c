import { describe, expect, it } from "vitest";
import { compareSnapshots } from "../../src/compare/classify";
import { fingerprintSnapshot } from "../../src/compare/fingerprint";
import {
  learnNoise,
  lineTemplate,
  matchesTemplate,
  mergeLearnedNoise,
} from "../../src/compare/learned-noise";
import { buildSnapshot, item } from "./build-snapshot";

describe("learned noise", () => {
  const first = buildSnapshot({
    lines: ["News", "Top story: Ferry strike ends", "Weather sunny", "Ad: Buy shoes"],
    images: ["https://ads.example/banner-17.png", "https://site.example/logo.png"],
    items: [item("Ferry strike ends", "https://site.example/ferry")],
  });
  const second = buildSnapshot({
    lines: ["News", "Top story: Markets rally again", "Weather sunny"],
    images: ["https://ads.example/banner-42.png", "https://site.example/logo.png"],
    items: [item("Ferry strike ends", "https://site.example/ferry")],
  });

  it("describes what differed between back-to-back fetches, serialisably", () => {
    const noise = learnNoise(first, second);
    expect(JSON.parse(JSON.stringify(noise))).toEqual(noise);
    expect(noise.lineTemplates).toContainEqual(["Top story:", ""]);
    expect(noise.volatileLines).toContain("Ad: Buy shoes");
    expect(noise.volatileImages.sort()).toEqual([
      "https://ads.example/banner-17.png",
      "https://ads.example/banner-42.png",
    ]);
  });

  it("makes a later compare ignore the volatile parts but not the rest", () => {
    const noise = learnNoise(first, second);
    const later = buildSnapshot({
      ...second,
      lines: ["News", "Top story: Election results", "Weather sunny", "Ad: Buy shoes"],
    });
    expect(compareSnapshots(second, later, { watch: ["text", "images"] }).changed).toBe(true);
    expect(compareSnapshots(second, later, { watch: ["text", "images"], learnedNoise: noise }).changed).toBe(
      false,
    );
    const realChange = buildSnapshot({
      ...second,
      lines: ["News", "Top story: Election results", "Weather: storm warning"],
    });
    const result = compareSnapshots(second, realChange, { watch: ["text"], learnedNoise: noise });
    expect(result.changed).toBe(true);
    expect(result.summary).toBe("Text changed: +1 / −1 lines: “Weather: storm warning”");
  });

  it("templates need shared literal text and match segments in order", () => {
    expect(lineTemplate("42", "57")).toBeNull();
    const template = lineTemplate("Seen by 41 of 90 people", "Seen by 52 of 97 people");
    expect(template).toEqual(["Seen by", "of", "people"]);
    expect(matchesTemplate("Seen by 1 of 2 people", template!)).toBe(true);
    expect(matchesTemplate("Seen by 1 people", template!)).toBe(false);
  });

  it("merges learned descriptions without duplicates", () => {
    const a = learnNoise(first, second);
    const merged = mergeLearnedNoise(a, a);
    expect(merged.lineTemplates).toHaveLength(a.lineTemplates.length);
  });
});

describe("flip-flop suppression", () => {
  it("a version equal to one of the recent versions is not a change", () => {
    const a = buildSnapshot({ lines: ["Banner A", "Body"] });
    const b = buildSnapshot({ lines: ["Banner B", "Body"] });
    const watch = ["text"] as const;
    const recent = [fingerprintSnapshot(a, { watch: [...watch] })];
    const result = compareSnapshots(b, a, { watch: [...watch], recentFingerprints: recent });
    expect(result.changed).toBe(false);
    expect(result.flipFlop).toBe(true);
    expect(result.alert).toBe(false);
    expect(compareSnapshots(b, a, { watch: [...watch] }).changed).toBe(true);
  });

  it("the fingerprint ignores noise and unwatched kinds", () => {
    const a = buildSnapshot({
      lines: ["Updated 3 minutes ago", "Body"],
      images: ["https://x.example/a.png"],
    });
    const b = buildSnapshot({
      lines: ["Updated 9 minutes ago", "Body"],
      images: ["https://x.example/b.png"],
    });
    expect(fingerprintSnapshot(a, { watch: ["text"] })).toBe(fingerprintSnapshot(b, { watch: ["text"] }));
    expect(fingerprintSnapshot(a, { watch: ["images"] })).not.toBe(
      fingerprintSnapshot(b, { watch: ["images"] }),
    );
  });
});
