import type { AnyNode, Element } from "domhandler";
import type { PageFacts } from "./page-facts";
import { PageWalker } from "./page-walker";

export type { MarkupField, PageFacts, PositionedElement } from "./page-facts";

/**
 * PageFacts of parsed nodes (a scope's elements, a page's head), in one iterative pass (no recursion: pages
 * nested 10,000 deep exist). A whole page is read while it is parsed instead (parse-walk.ts).
 */
export function walkPage(roots: AnyNode[]): PageFacts {
  const walker = new PageWalker();
  // Parallel stacks: a node to visit, or (when the node is null) the element being closed.
  const nodes: (AnyNode | null)[] = [];
  const closing: (Element | null)[] = [];
  const visit = (node: AnyNode): void => {
    nodes.push(node);
    closing.push(null);
  };
  for (let r = roots.length - 1; r >= 0; r--) visit(roots[r] as AnyNode);

  while (nodes.length > 0) {
    const node = nodes.pop() as AnyNode | null;
    const closed = closing.pop() as Element | null;
    if (node === null) {
      walker.close(closed as Element);
    } else if (node.type === "text") {
      walker.text(node.data);
    } else if (node.type === "root") {
      walker.root(node);
      for (let i = node.children.length - 1; i >= 0; i--) visit(node.children[i] as AnyNode);
    } else if (
      (node.type === "tag" || node.type === "script" || node.type === "style") &&
      walker.open(node)
    ) {
      nodes.push(null);
      closing.push(node);
      for (let i = node.children.length - 1; i >= 0; i--) visit(node.children[i] as AnyNode);
    }
  }
  return walker.finish();
}
