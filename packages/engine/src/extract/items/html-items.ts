import type { AnyNode, Element, ParentNode } from "domhandler";
import type { Item } from "../../snapshot";
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
 * (a nested group, a teaser repeated in two lists) is kept once.
 */
export function htmlItems(parents: ParentNode[], base: string | undefined): Item[] {
  const items: Item[] = [];
  const seen = new Set<string>();
  for (const parent of parents) {
    const groups = new Map<string, Element[]>();
    for (const child of parent.children) {
      if (child.type !== "tag" || isHiddenElement(child)) continue;
      const signature = pathSegment(child);
      const group = groups.get(signature);
      if (group === undefined) groups.set(signature, [child]);
      else group.push(child);
    }
    for (const members of groups.values()) {
      if (members.length < minRepeats) continue;
      const entries = members.map((m) => entryOf(m, base)).filter((e): e is Item => e !== null);
      if (entries.length < minRepeats || entries.length < members.length / 2) continue;
      for (const entry of entries) {
        if (seen.has(entry.key)) continue;
        seen.add(entry.key);
        items.push(entry);
        if (items.length >= maxItems) return items;
      }
    }
  }
  return items;
}

/** Title (first heading, else the link's text) and link of one repeated element. */
function entryOf(member: Element, base: string | undefined): Item | null {
  let link: Element | null = null;
  let heading: Element | null = null;
  const stack: AnyNode[] = [member];
  let scanned = 0;
  while (stack.length > 0 && scanned++ < maxScannedNodes && (link === null || heading === null)) {
    const node = stack.pop() as AnyNode;
    if (node.type !== "tag") continue;
    if (link === null && node.name === "a" && node.attribs.href && !node.attribs.href.startsWith("#"))
      link = node;
    if (heading === null && headings.has(node.name)) heading = node;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
  if (link === null) return null;
  const headingText = heading === null ? "" : textOf(heading, 200);
  const title = headingText || textOf(link, 200) || link.attribs.title || link.attribs["aria-label"] || "";
  if (title === "") return null;
  const href = link.attribs.href as string;
  const url = absoluteUrl(href, base)?.href ?? null;
  return { title, url, key: itemKey(url, title) };
}
