import type { AnyNode, Element } from "domhandler";
import { LineBuilder } from "./line-builder";
import { collectHeadFacts, collectMarkup, collectVisible, type PageFacts } from "./page-facts";
import { distinctSorted, maxStructureDepth, pathSegment } from "./structure";
import { blockKind, furnitureKind, skippedKind, spacedKind, tagKinds } from "./tags";
import { isHiddenElement } from "./visibility";

export type { MarkupField, PageFacts, PositionedElement } from "./page-facts";

/** One iterative pass over the parsed page (no recursion: pages nested 10,000 deep exist). */
export function walkPage(roots: AnyNode[]): PageFacts {
  const facts: PageFacts = {
    lines: [],
    title: null,
    lang: null,
    baseHref: null,
    meta: new Map(),
    jsonLd: [],
    markup: [],
    priceElements: [],
    stockElements: [],
    headingLines: [],
    images: [],
    paths: [],
    listParents: [],
    hasPurchaseControl: false,
    buyControls: [],
    sectionLines: [],
    struckElements: [],
  };
  const lines = new LineBuilder();
  // Parallel stacks: a node to visit, or (when the node is null) the element being closed.
  const nodes: (AnyNode | null)[] = [];
  const closing: (Element | null)[] = [];
  // Element paths are interned: an id per distinct (parent path, segment), the full string built once.
  const pathStack: number[] = [];
  const rootPaths = new Map<string, number>();
  const childPaths: Map<string, number>[] = [];
  const pathNames: string[] = [];
  const visiblePaths = new Set<number>();
  // A class name with ">" in it ("[&>svg]:w-4") breaks the path tree's order: those pages sort the strings.
  let arrowInSegment = false;
  let suppressed = 0; // > 0 inside head or a hidden subtree: structured data only, nothing visible
  const suppressors: Element[] = [];
  let furniture = 0;
  let preformatted = 0;

  for (let r = roots.length - 1; r >= 0; r--) {
    nodes.push(roots[r] as AnyNode);
    closing.push(null);
  }

  while (nodes.length > 0) {
    const node = nodes.pop() as AnyNode | null;
    const closed = closing.pop() as Element | null;
    if (node === null) {
      const el = closed as Element;
      const kind = tagKinds.get(el.name) ?? 0;
      if (kind & blockKind) lines.breakLine();
      else if (kind & spacedKind) lines.space();
      if (suppressors[suppressors.length - 1] === el) {
        suppressors.pop();
        suppressed--;
      }
      if (kind & furnitureKind) furniture--;
      if (el.name === "pre") preformatted--;
      pathStack.pop();
      continue;
    }
    if (node.type === "text") {
      if (suppressed === 0) {
        if (preformatted > 0) lines.addPreformatted(node.data);
        else lines.add(node.data);
      }
      continue;
    }
    if (node.type === "script") {
      const type = node.attribs.type?.toLowerCase();
      if (type === "application/ld+json" && node.children[0]?.type === "text")
        facts.jsonLd.push(node.children[0].data);
      continue;
    }
    if (node.type === "root") {
      // A bare fragment (a link list without <html>) has its entries at the top level.
      if (node.children.length >= 3) facts.listParents.push(node);
      for (let i = node.children.length - 1; i >= 0; i--) {
        nodes.push(node.children[i] as AnyNode);
        closing.push(null);
      }
      continue;
    }
    if (node.type !== "tag") continue;

    const el = node;
    const name = el.name;
    collectHeadFacts(el, facts);
    collectMarkup(el, facts);
    const kind = tagKinds.get(name) ?? 0;
    if (kind & skippedKind && name !== "head") continue;

    const hidden = name === "head" || isHiddenElement(el);
    if (hidden) {
      suppressed++;
      suppressors.push(el);
    }
    const visible = suppressed === 0;
    const depth = pathStack.length;
    const parentPath = depth === 0 ? -1 : (pathStack[depth - 1] as number);
    let pathId = parentPath;
    if (depth < maxStructureDepth) {
      const segment = pathSegment(el);
      const siblings = parentPath < 0 ? rootPaths : (childPaths[parentPath] as Map<string, number>);
      const known = siblings.get(segment);
      if (known === undefined) {
        pathId = pathNames.length;
        pathNames.push(parentPath < 0 ? segment : `${pathNames[parentPath]}>${segment}`);
        if (segment.includes(">")) arrowInSegment = true;
        childPaths.push(new Map());
        siblings.set(segment, pathId);
      } else {
        pathId = known;
      }
    }
    pathStack.push(pathId);

    const block = (kind & blockKind) !== 0;
    const separated = (kind & spacedKind) !== 0;
    if (visible) {
      if (depth < maxStructureDepth && name !== "html") visiblePaths.add(pathId);
      if (block) lines.breakLine();
      else if (separated) lines.space();
      collectVisible(el, facts, lines, furniture);
    }
    if (kind & furnitureKind) furniture++;
    if (name === "pre") preformatted++;

    nodes.push(null);
    closing.push(el);
    const children = el.children;
    for (let i = children.length - 1; i >= 0; i--) {
      nodes.push(children[i] as AnyNode);
      closing.push(null);
    }
  }
  lines.breakLine();
  facts.lines = lines.lines;
  facts.paths = arrowInSegment
    ? distinctSorted([...visiblePaths].map((id) => pathNames[id] as string))
    : sortedVisiblePaths(rootPaths, childPaths, pathNames, visiblePaths);
  return facts;
}

/**
 * The visible paths, distinct and in plain string order, read off the path tree instead of sorting the long strings.
 * Every path below a segment starts with `segment>`, so ordering each node's children by the keys
 * `segment` (the path itself) and `segment>` (everything below it) orders the full strings exactly.
 */
function sortedVisiblePaths(
  rootPaths: Map<string, number>,
  childPaths: Map<string, number>[],
  pathNames: string[],
  visible: Set<number>,
): string[] {
  const out: string[] = [];
  if (visible.size === 0) return out;
  const visit = (children: Map<string, number>): void => {
    const keys: { key: string; id: number; below: boolean }[] = [];
    for (const [segment, id] of children) {
      keys.push({ key: segment, id, below: false });
      if ((childPaths[id] as Map<string, number>).size > 0)
        keys.push({ key: `${segment}>`, id, below: true });
    }
    keys.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
    for (const { id, below } of keys) {
      if (below) visit(childPaths[id] as Map<string, number>);
      else if (visible.has(id)) out.push(pathNames[id] as string);
    }
  };
  visit(rootPaths);
  return out;
}
