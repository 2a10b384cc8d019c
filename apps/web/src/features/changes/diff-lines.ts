import type { DiffLine } from "@changeradar/contracts";

/** A run of unchanged lines folded away in "only changes" mode. */
export interface FoldedLines {
  op: "fold";
  count: number;
  /** Position of the first folded line. */
  from: number;
}
export type ShownLine = (DiffLine & { index: number }) | FoldedLines;

/**
 * The lines to show: everything, or (only changes) each changed line with `context` unchanged lines
 * around it, the rest folded into one "n unchanged lines" marker.
 */
export function visibleLines(lines: readonly DiffLine[], onlyChanges: boolean, context = 1): ShownLine[] {
  if (!onlyChanges) return lines.map((line, index) => ({ ...line, index }));
  const keep = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, index) => {
    if (line.op === "equal") return;
    for (let i = Math.max(0, index - context); i <= Math.min(lines.length - 1, index + context); i++)
      keep[i] = true;
  });
  const shown: ShownLine[] = [];
  let folded = 0;
  lines.forEach((line, index) => {
    if (keep[index]) {
      if (folded > 0) shown.push({ op: "fold", count: folded, from: index - folded });
      folded = 0;
      shown.push({ ...line, index });
    } else folded += 1;
  });
  if (folded > 0) shown.push({ op: "fold", count: folded, from: lines.length - folded });
  return shown;
}

/** Counts for the diff's header: lines added, removed and changed. */
export function diffStats(lines: readonly DiffLine[]): { added: number; removed: number; changed: number } {
  let added = 0;
  let removed = 0;
  let changed = 0;
  for (const line of lines) {
    if (line.op === "add") added += 1;
    else if (line.op === "remove") removed += 1;
    else if (line.op === "change") changed += 1;
  }
  return { added, removed, changed };
}

/** Text of the lines that changed, as candidates for ignore rules when a change is rated noise. */
export function changedTexts(lines: readonly DiffLine[], max = 8): string[] {
  const texts = new Set<string>();
  for (const line of lines) {
    if (line.op === "equal") continue;
    const text = (line.after ?? line.before ?? "").trim();
    if (text && text.length <= 200) texts.add(text);
    if (texts.size >= max) break;
  }
  return [...texts];
}
