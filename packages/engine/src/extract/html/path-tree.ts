import type { Element } from "domhandler";
import type { ClassFacts } from "./class-facts";
import { distinctSorted, maxStructureDepth, pathSegment } from "./structure";

/**
 * The element paths of one page walk, interned: an id per distinct (parent path, segment), the full string
 * built once. Elements are entered and left in document order; the visible paths come out distinct and sorted.
 */
export class PathTree {
  private readonly stack: number[] = [];
  private readonly rootPaths = new Map<string, number>();
  /** Children by segment, per path id; most paths are leaves, so a map is made for the first child only. */
  private readonly childPaths: (Map<string, number> | undefined)[] = [];
  private readonly names: string[] = [];
  private readonly visible = new Set<number>();
  // A class name with ">" in it ("[&>svg]:w-4") breaks the path tree's order: those pages sort the strings.
  private arrowInSegment = false;

  /** `visible`: the element's path is part of the page's structure (nothing hides it). `classes`: its class facts. */
  enter(el: Element, visible: boolean, classes: ClassFacts | undefined): void {
    const depth = this.stack.length;
    const parentPath = depth === 0 ? -1 : (this.stack[depth - 1] as number);
    let pathId = parentPath;
    if (depth < maxStructureDepth) {
      const segment = pathSegment(el, classes);
      let siblings = this.rootPaths;
      if (parentPath >= 0) {
        const below = this.childPaths[parentPath];
        if (below === undefined) this.childPaths[parentPath] = siblings = new Map();
        else siblings = below;
      }
      const known = siblings.get(segment);
      if (known === undefined) {
        pathId = this.names.length;
        this.names.push(parentPath < 0 ? segment : `${this.names[parentPath]}>${segment}`);
        if (segment.includes(">")) this.arrowInSegment = true;
        this.childPaths.push(undefined);
        siblings.set(segment, pathId);
      } else {
        pathId = known;
      }
      if (visible && el.name !== "html") this.visible.add(pathId);
    }
    this.stack.push(pathId);
  }

  leave(): void {
    this.stack.pop();
  }

  /** The visible paths, distinct and in plain string order. */
  sortedVisible(): string[] {
    return this.arrowInSegment
      ? distinctSorted([...this.visible].map((id) => this.names[id] as string))
      : this.readSorted();
  }

  /**
   * Read off the path tree instead of sorting the long strings. Every path below a segment starts with
   * `segment>`, so ordering each node's children by the keys `segment` (the path itself) and `segment>`
   * (everything below it) orders the full strings exactly.
   */
  private readSorted(): string[] {
    const out: string[] = [];
    if (this.visible.size === 0) return out;
    const visit = (children: Map<string, number>): void => {
      if (children.size === 1) {
        // Most nodes have one child: the path comes before everything below it (a prefix sorts first).
        const [, id] = children.entries().next().value as [string, number];
        if (this.visible.has(id)) out.push(this.names[id] as string);
        const below = this.childPaths[id];
        if (below !== undefined) visit(below);
        return;
      }
      const keys: { key: string; id: number; below: boolean }[] = [];
      for (const [segment, id] of children) {
        keys.push({ key: segment, id, below: false });
        if (this.childPaths[id] !== undefined) keys.push({ key: `${segment}>`, id, below: true });
      }
      keys.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
      for (const { id, below } of keys) {
        if (below) visit(this.childPaths[id] as Map<string, number>);
        else if (this.visible.has(id)) out.push(this.names[id] as string);
      }
    };
    visit(this.rootPaths);
    return out;
  }
}
