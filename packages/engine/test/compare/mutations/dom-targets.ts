/**
 * Finding where to mutate a page: parse the raw HTML once with source offsets, then pick the text node,
 * link entry or image that the extracted snapshot shows, so a mutation edits what a visitor sees.
 */
import type { AnyNode, Document, Element, Text } from "domhandler";
import { ElementType, parseDocument } from "htmlparser2";
import { isHiddenElement } from "../../../src/extract/html/visibility";

export interface Located {
  start: number;
  /** Exclusive. */
  end: number;
}

const INVISIBLE_PARENTS = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "head",
  "title",
  "svg",
  "textarea",
  "select",
  "option",
]);

let lastParsed: { html: string; document: Document } | null = null;

/** Parse with source offsets; the mutations of one page share the parse of its original markup. */
export function parseWithOffsets(html: string): Document {
  if (lastParsed?.html !== html) {
    lastParsed = { html, document: parseDocument(html, { withStartIndices: true, withEndIndices: true }) };
  }
  return lastParsed.document;
}

export function* walk(node: AnyNode): Generator<AnyNode> {
  yield node;
  if ("children" in node) for (const child of node.children) yield* walk(child);
}

function hiddenElement(element: Element): boolean {
  return INVISIBLE_PARENTS.has(element.name) || isHiddenElement(element);
}

/** Shown to a visitor as far as the markup tells (the engine's own rules): no hidden ancestor. */
export function isVisible(node: AnyNode): boolean {
  for (let current: AnyNode | null = node; current; current = current.parent) {
    if (
      (current.type === "tag" || current.type === "script" || current.type === "style") &&
      hiddenElement(current as Element)
    ) {
      return false;
    }
  }
  return true;
}

/**
 * Visible text nodes whose whole text appears in the snapshot's lines and nowhere else in the markup,
 * so editing one edits what the extractor (and a visitor) sees.
 */
export function visibleTextNodes(html: string, lines: readonly string[]): Text[] {
  const document = parseWithOffsets(html);
  const joined = lines.join("\n");
  const wholeLines = new Set(lines);
  const byText = new Map<string, Text[]>();
  for (const node of walk(document)) {
    if (node.type !== "text") continue;
    const text = node as Text;
    const normalised = text.data.replace(/\s+/g, " ").trim();
    if (normalised.length < 25) continue;
    byText.set(normalised, [...(byText.get(normalised) ?? []), text]);
  }
  const found: Text[] = [];
  for (const [normalised, nodes] of byText) {
    if (nodes.length !== 1 || !isVisible(nodes[0]) || !joined.includes(normalised)) continue;
    if (joined.indexOf(normalised) !== joined.lastIndexOf(normalised)) continue;
    // A short text could be re-assembled from other nodes; a whole line or a long sentence cannot.
    if (!wholeLines.has(normalised) && normalised.length < 60) continue;
    found.push(nodes[0]);
  }
  return found;
}

export function elements(html: string, name: string): Element[] {
  const document = parseWithOffsets(html);
  const found: Element[] = [];
  for (const node of walk(document))
    if (node.type === "tag" && (node as Element).name === name) found.push(node as Element);
  return found;
}

export function span(node: AnyNode): Located {
  return { start: node.startIndex ?? 0, end: (node.endIndex ?? 0) + 1 };
}

export function resolveUrl(href: string, base: string): string | null {
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return null;
  }
}

function firstLink(node: AnyNode): Element | null {
  for (const inner of walk(node)) {
    if (inner.type !== "tag") continue;
    const element = inner as Element;
    if (element.name === "a" && element.attribs.href && !element.attribs.href.startsWith("#")) return element;
  }
  return null;
}

/**
 * The list entry a link leads: the nearest ancestor (or itself) that is one of at least three siblings
 * of the same tag and class, most of which hold a link, and whose first link is this one.
 */
export function repeatedEntry(anchor: Element): Element | null {
  let current: Element = anchor;
  for (let depth = 0; depth < 8; depth += 1) {
    const parent = current.parent;
    if (!parent || (parent.type !== ElementType.Tag && parent.type !== ElementType.Root)) return null;
    const signature = `${current.name}.${current.attribs.class ?? ""}`;
    const alike = parent.children.filter(
      (c) => c.type === "tag" && `${(c as Element).name}.${(c as Element).attribs.class ?? ""}` === signature,
    );
    if (alike.length >= 3) {
      const linked = alike.filter((c) => firstLink(c) !== null).length;
      return linked >= alike.length / 2 && firstLink(current) === anchor ? current : null;
    }
    if (parent.type !== ElementType.Tag) return null;
    current = parent as Element;
  }
  return null;
}

const FURNITURE = new Set(["nav", "header", "footer", "aside"]);

/** Inside navigation, header, footer or sidebar: lists there are page furniture, not content. */
export function insideFurniture(node: AnyNode): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent.type === "tag" && FURNITURE.has((parent as Element).name)) return true;
  }
  return false;
}

export function replaceRange(html: string, at: Located, replacement: string): string {
  return html.slice(0, at.start) + replacement + html.slice(at.end);
}

/** Spread picks over the page (not always the first match), deterministically. */
export function pickSpread<T>(values: readonly T[], salt: number): T | undefined {
  return values.length === 0 ? undefined : values[(salt * 7919) % values.length];
}

export function hashOf(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i += 1) hash = (hash * 31 + text.charCodeAt(i)) >>> 0;
  return hash;
}
