import { describe, expect, it } from "vitest";
import { boxPosition, smallestBoxAt } from "./element-boxes";

const page = { x: 0, y: 0, width: 1280, height: 2000 };
const card = { x: 100, y: 100, width: 400, height: 300 };
const price = { x: 120, y: 200, width: 120, height: 40 };
const badge = { x: 400, y: 120, width: 80, height: 30 };

describe("the screenshot picker's hit test", () => {
  it("picks the smallest box under the pointer, not the card or page around it", () => {
    const boxes = [page, card, price, badge];
    expect(smallestBoxAt(boxes, 130, 210)).toBe(2);
    expect(smallestBoxAt(boxes, 410, 125)).toBe(3);
    expect(smallestBoxAt(boxes, 300, 350)).toBe(1);
    expect(smallestBoxAt(boxes, 900, 1500)).toBe(0);
  });

  it("counts a box's left and top edges in and its right and bottom edges out", () => {
    expect(smallestBoxAt([price], 120, 200)).toBe(0);
    expect(smallestBoxAt([price], 240, 200)).toBe(-1);
    expect(smallestBoxAt([price], 120, 240)).toBe(-1);
  });

  it("prefers the later, deeper element of two the same size, and finds nothing outside every box", () => {
    const inner = { ...price };
    expect(smallestBoxAt([price, inner], 130, 210)).toBe(1);
    expect(smallestBoxAt([card, price], 10, 10)).toBe(-1);
    expect(smallestBoxAt([], 10, 10)).toBe(-1);
  });

  it("places a box in percentages of the screenshot", () => {
    expect(boxPosition(price, { width: 1280, height: 800 })).toEqual({
      left: "9.375%",
      top: "25%",
      width: "9.375%",
      height: "5%",
    });
  });
});
