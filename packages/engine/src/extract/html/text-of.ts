import type { AnyNode, Element } from "domhandler";
import { collapseWhitespace } from "./line-builder";
import { blockTags, spacedTags } from "./tags";
import { isHiddenElement } from "./visibility";

const nonText = new Set(["script", "style", "noscript", "template", "svg", "select"]);

const whitespaceRun = /\s+/g;

export interface TextOptions {
  /** Leave out elements for which this returns true (and everything inside them). */
  skip?: (el: Element) => boolean;
  /** "$19<sup>99</sup>" reads "$19.99": two superscript digits after a number are its cents. */
  centsInSup?: boolean;
}

/**
 * Visible text of a subtree, whitespace-collapsed, iterative (deep pages) and capped in length. The cap
 * counts collapsed text, so re-indenting the markup never changes what is returned.
 */
export function textOf(root: AnyNode, maxChars = 400, options: TextOptions = {}): string {
  const { skip, centsInSup } = options;
  let out = "";
  // A string on the stack is a separator emitted when the element it belongs to closes.
  const stack: (AnyNode | string)[] = [root];
  while (stack.length > 0 && out.length < maxChars) {
    const node = stack.pop() as AnyNode | string;
    if (typeof node === "string") {
      if (!out.endsWith(" ")) out += node;
    } else if (node.type === "text") {
      const text = node.data.replace(whitespaceRun, " ");
      out += out.endsWith(" ") && text.startsWith(" ") ? text.slice(1) : text;
    } else if (node.type === "cdata" || node.type === "root") {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
    } else if (node.type === "tag") {
      if (nonText.has(node.name) || (node !== root && (isHiddenElement(node) || skip?.(node)))) continue;
      if (centsInSup && node.name === "sup" && /\d$/.test(out) && /^\s*\d{2}\s*$/.test(textOf(node, 8)))
        out += decimalMarkAfter(out);
      const separated = blockTags.has(node.name) || spacedTags.has(node.name);
      if (separated) {
        if (!out.endsWith(" ")) out += " ";
        stack.push(" ");
      }
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
    }
  }
  return collapseWhitespace(out.length > maxChars ? out.slice(0, maxChars) : out);
}

/** The decimal mark for superscript cents: the one the number before them does not group with ("1.299" → ","). */
function decimalMarkAfter(text: string): string {
  const number = /[\d.,'’ ]*$/.exec(text)?.[0] ?? "";
  return number.includes(".") && !number.includes(",") ? "," : ".";
}
