import type { PickerElement } from "@changeradar/contracts";

type Box = Pick<PickerElement, "x" | "y" | "width" | "height">;

/**
 * The element under a point of the screenshot: the smallest box containing it, so a click on a price picks
 * the price and not the card around it. Of two boxes the same size, the later one (deeper in the page)
 * wins. -1 when no box contains the point.
 */
export function smallestBoxAt(boxes: readonly Box[], x: number, y: number): number {
  let found = -1;
  let foundArea = Number.POSITIVE_INFINITY;
  boxes.forEach((box, index) => {
    const inside = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
    const area = box.width * box.height;
    if (inside && area <= foundArea) {
      found = index;
      foundArea = area;
    }
  });
  return found;
}

/** A box as percentages of the screenshot, so it follows the image at any displayed size. */
export function boxPosition(box: Box, image: { width: number; height: number }) {
  const percent = (value: number, whole: number) => `${(value / whole) * 100}%`;
  return {
    left: percent(box.x, image.width),
    top: percent(box.y, image.height),
    width: percent(box.width, image.width),
    height: percent(box.height, image.height),
  };
}

/** How an element is named in the keyboard list: its tag and its text, or its selector when it has none. */
export function elementLabel(element: Pick<PickerElement, "tag" | "text" | "selector">): string {
  return `${element.tag}: ${element.text || element.selector}`;
}
