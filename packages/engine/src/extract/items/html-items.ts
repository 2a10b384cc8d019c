import type { AnyNode, Element, ParentNode } from "domhandler";
import type { Item } from "../../snapshot";
import { classFactsOf } from "../html/class-facts";
import { absoluteUrl } from "../html/images";
import { pathSegment } from "../html/structure";
import { textOf } from "../html/text-of";
import { isHiddenElement } from "../html/visibility";
import { itemKey } from "./item-key";

const minRepeats = 3;
export const maxItems = 500;
const maxScannedNodes = 400;
const headings = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

/**
 * The page's repeated entries: among the children of one parent, groups of at least three elements with
 * the same tag and class signature, each holding a link. Outer groups come first; an entry seen twice
 * (a nested group, a teaser repeated in two lists) is kept once. Every group counts, small menus too:
 * an entry added anywhere the visitor sees a list is new content.
 */
export function htmlItems(parents: ParentNode[], base: string | undefined): Item[] {
  const items: Item[] = [];
  const seen = new Set<string>();
  for (const group of repeatedGroups(parents, base)) {
    for (const entry of group) {
      if (seen.has(entry.key)) continue;
      seen.add(entry.key);
      items.push(entry);
      if (items.length >= maxItems) return items;
    }
  }
  return items;
}

/** The groups in page order, found one parent at a time: the page's first maxItems entries end the search. */
function* repeatedGroups(parents: ParentNode[], base: string | undefined): Generator<Item[]> {
  for (const parent of parents) {
    if (!hasRepeatableChildren(parent)) continue;
    const bySignature = new Map<string, Element[]>();
    for (const child of parent.children) {
      if (child.type !== "tag") continue;
      const classes = classFactsOf(child);
      if (isHiddenElement(child, classes)) continue;
      const signature = pathSegment(child, classes);
      const members = bySignature.get(signature);
      if (members === undefined) bySignature.set(signature, [child]);
      else members.push(child);
    }
    for (const members of bySignature.values()) {
      if (members.length < minRepeats) continue;
      const entries = members.map((m) => entryOf(m, base)).filter((e): e is Item => e !== null);
      if (entries.length < minRepeats || entries.length < members.length / 2) continue;
      yield entries;
    }
  }
}

/** Most parents hold fewer than minRepeats elements (their other children are text): no group to look for. */
function hasRepeatableChildren(parent: ParentNode): boolean {
  let elements = 0;
  for (const child of parent.children) if (child.type === "tag" && ++elements >= minRepeats) return true;
  return false;
}

/**
 * Title and link of one repeated element: the first heading (and the link inside it) if there is one,
 * else the first link with visible text (icon links such as an upvote arrow come before the title).
 */
function entryOf(member: Element, base: string | undefined): Item | null {
  let firstLink: Element | null = null;
  let textLink: Element | null = null;
  let linkText = "";
  let heading: Element | null = null;
  const stack: AnyNode[] = [member];
  let scanned = 0;
  while (stack.length > 0 && scanned++ < maxScannedNodes && (textLink === null || heading === null)) {
    const node = stack.pop() as AnyNode;
    if (node.type !== "tag") continue;
    if (isLink(node)) {
      firstLink ??= node;
      if (textLink === null) {
        linkText = textOf(node, 200) || node.attribs.title || node.attribs["aria-label"] || "";
        if (linkText !== "") textLink = node;
      }
    }
    if (heading === null && headings.has(node.name)) heading = node;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
  const headingText = heading === null ? "" : textOf(heading, 200);
  const link = (heading === null ? null : linkInside(heading)) ?? textLink ?? firstLink;
  const title = headingText || linkText;
  if (link === null || title === "") return null;
  const url = absoluteUrl(link.attribs.href as string, base)?.href ?? null;
  return { title, url, key: itemKey(url, title) };
}

const isLink = (el: Element) => el.name === "a" && !!el.attribs.href && !el.attribs.href.startsWith("#");

function linkInside(root: Element): Element | null {
  const stack: AnyNode[] = [root];
  for (let scanned = 0; stack.length > 0 && scanned < maxScannedNodes; scanned++) {
    const node = stack.pop() as AnyNode;
    if (node.type !== "tag") continue;
    if (isLink(node)) return node;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
  return null;
}
