import type { ChangeDiffs } from "@changeradar/engine";
import type { StoredChangeDiff } from "../db/schema/checks";

export type { StoredChangeDiff };

/** Equal lines far from any change are dropped; a little context stays around each change. */
const CONTEXT_LINES = 3;

export function storedDiff(diffs: ChangeDiffs): StoredChangeDiff {
  const text = diffs.text;
  const keep = new Set<number>();
  text.forEach((line, index) => {
    if (line.op === "equal") return;
    for (
      let i = Math.max(0, index - CONTEXT_LINES);
      i <= Math.min(text.length - 1, index + CONTEXT_LINES);
      i++
    )
      keep.add(i);
  });
  return {
    text: text.filter((_, index) => keep.has(index)),
    items: diffs.items,
    images: diffs.images,
    price: diffs.price,
    availability: diffs.availability,
    structure: { added: diffs.structure.added.slice(0, 50), removed: diffs.structure.removed.slice(0, 50) },
    visual: diffs.visual
      ? { percent: diffs.visual.percent, width: diffs.visual.width, height: diffs.visual.height }
      : null,
  };
}
