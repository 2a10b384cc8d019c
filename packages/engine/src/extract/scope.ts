import { compile } from "css-select";
import type { AnyNode, Document, Element, ParentNode } from "domhandler";
import { JSONPath } from "jsonpath-plus";
import type { Scope } from "../snapshot";
import { selectByXPath, validateXPath } from "./xpath-scope";

/** What a user types as a scope: `/…` or `(…` is XPath, `$…` JSONPath, anything else a CSS selector. */
export function parseScope(userInput: string): Scope {
  const input = userInput.trim();
  if (input === "") throw new Error("The selector is empty.");
  if (input.startsWith("/") || input.startsWith("(")) {
    validateXPath(input);
    return { kind: "xpath", expression: input };
  }
  if (input.startsWith("$")) {
    try {
      JSONPath({ path: input, json: {}, wrap: true });
    } catch (error) {
      throw new Error(`Invalid JSONPath "${input}": ${(error as Error).message}`);
    }
    return { kind: "jsonpath", path: input };
  }
  try {
    compile(input);
  } catch (error) {
    throw new Error(`Invalid CSS selector "${input}": ${(error as Error).message}`);
  }
  return { kind: "css", selector: input };
}

/** The elements of an HTML document a CSS or XPath scope selects, outermost only, in document order. */
export function selectHtmlScope(doc: Document, scope: Scope): Element[] {
  let matched: Element[];
  if (scope.kind === "css") {
    let query: ReturnType<typeof compile<AnyNode, Element>>;
    try {
      query = compile<AnyNode, Element>(scope.selector);
    } catch (error) {
      throw new Error(`Invalid CSS selector "${scope.selector}": ${(error as Error).message}`);
    }
    matched = selectAllIterative(doc, query);
  } else if (scope.kind === "xpath") {
    matched = selectByXPath(doc, scope.expression);
  } else {
    throw new Error(
      "A JSONPath scope applies to JSON responses only; use a CSS selector or XPath for HTML pages.",
    );
  }
  return outermost(matched);
}

/**
 * css-select's own traversal recurses; pages nested 10,000 deep need an explicit stack. A matched
 * element's descendants are not searched: only the outermost matches make the scope.
 */
function selectAllIterative(doc: Document, test: (el: Element) => boolean): Element[] {
  const out: Element[] = [];
  const stack: AnyNode[] = [...doc.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type !== "tag" && node.type !== "script" && node.type !== "style") continue;
    if (test(node)) {
      out.push(node);
      continue;
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
  return out;
}

/** The matches not inside another match, in order; each ancestor is looked at about once. */
function outermost(elements: Element[]): Element[] {
  const matched = new Set<ParentNode>(elements);
  const clear = new Set<ParentNode>(); // ancestors known to have no matched ancestor-or-self
  const out: Element[] = [];
  for (const el of elements) {
    const walked: ParentNode[] = [];
    let inside = false;
    for (let a = el.parent; a !== null && !clear.has(a); a = a.parent) {
      if (matched.has(a)) {
        inside = true;
        break;
      }
      walked.push(a);
    }
    if (inside) continue;
    for (const a of walked) clear.add(a);
    out.push(el);
  }
  return out;
}
