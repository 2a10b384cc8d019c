/** The visual kind on screenshots: a changed word is a change at the default; a masked rotating ad slot is not. */
import { watchKinds } from "@changeradar/contracts";
import { describe, expect, it } from "vitest";
import { compareSnapshots } from "../../src/compare";
import { buildSnapshot, png } from "./build-snapshot";

describe("visual changes with a masked region", () => {
  it("visual: a changed word on a screenshot is a change at the default; a rotating ad slot, masked, is not", () => {
    const width = 400;
    const height = 600;
    const page = (adColour: [number, number, number], word: boolean) =>
      png(width, height, (x, y) => {
        if (x >= 300 && y < 250) return adColour; // the ad slot the noise filter ignores
        if (word && x >= 40 && x < 110 && y >= 300 && y < 316 && (x + y) % 3 !== 0) return [20, 20, 20];
        return [255, 255, 255];
      });
    const adSlot = { x: 300, y: 0, width: 100, height: 250 };
    const snapshot = buildSnapshot();
    const compare = (before: Uint8Array, after: Uint8Array) =>
      compareSnapshots(snapshot, snapshot, {
        watch: [...watchKinds],
        screenshots: { before, after, ignoreRegions: [adSlot] },
      });
    const real = compare(page([0, 90, 200], false), page([0, 90, 200], true));
    expect(real.changed).toBe(true);
    expect(real.kinds).toEqual(["visual"]);
    const noise = compare(page([0, 90, 200], false), page([200, 40, 0], false));
    expect(noise.alert).toBe(false);
    expect(noise.diffs.visual?.changedPixels).toBe(0);
  });
});
