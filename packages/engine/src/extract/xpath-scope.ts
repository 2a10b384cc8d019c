import {
  DOMImplementation,
  type Document as XmlDocument,
  type Element as XmlElement,
  type Node as XmlNode,
} from "@xmldom/xmldom";
import type { AnyNode, Document, Element } from "domhandler";
import * as xpath from "xpath";

/** The parts of the xpath package used here; `parse` is exported at run time but missing from its types. */
interface ParsedXPath {
  evaluate(options: { node: XmlNode }): { toUnsortedArray?: () => XmlNode[] };
}
declare module "xpath" {
  function parse(expression: string): ParsedXPath;
}
const parseXPath = xpath.parse;

/**
 * Evaluates XPath over the parsed page. The xpath library needs a W3C DOM, so (only when an XPath scope
 * is given) the tree is mirrored into xmldom, and the selected nodes are mapped back. The library's own
 * document-order sort is quadratic (a 10,000-row table took minutes), so results are taken unsorted and
 * put in document order here, from the position each element had in the mirror's walk.
 */
export function selectByXPath(doc: Document, expression: string): Element[] {
  const parsed = compile(expression);
  const { xml, origin, order } = mirror(doc);
  let result: ReturnType<ParsedXPath["evaluate"]>;
  try {
    result = parsed.evaluate({ node: xml });
  } catch (error) {
    throw new Error(`Invalid XPath expression "${expression}": ${(error as Error).message}`);
  }
  if (typeof result.toUnsortedArray !== "function") {
    throw new Error(`The XPath expression "${expression}" must select elements.`);
  }
  const out = new Set<Element>();
  for (const node of result.toUnsortedArray()) {
    const x = node as XmlNode & { ownerElement?: XmlNode };
    // Attributes and text select the element that holds them.
    const source =
      origin.get(x) ??
      (x.ownerElement ? origin.get(x.ownerElement) : undefined) ??
      (x.parentNode ? origin.get(x.parentNode) : undefined);
    if (source !== undefined) out.add(source);
  }
  return [...out].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

/** Throws a clear error for an expression that does not parse. */
export function validateXPath(expression: string): void {
  compile(expression);
}

function compile(expression: string): ParsedXPath {
  try {
    return parseXPath(expression);
  } catch (error) {
    throw new Error(`Invalid XPath expression "${expression}": ${(error as Error).message}`);
  }
}

function mirror(doc: Document): {
  xml: XmlDocument;
  origin: Map<XmlNode, Element>;
  order: Map<Element, number>;
} {
  const xml = new DOMImplementation().createDocument(null, "");
  const origin = new Map<XmlNode, Element>();
  const order = new Map<Element, number>();
  const stack: [AnyNode, XmlNode][] = [];
  // An XML document has one root element; a broken page with several top-level elements gets a wrapper.
  const topLevel = doc.children.filter((n) => n.type === "tag");
  let top: XmlNode = xml;
  if (topLevel.length > 1) {
    top = xml.createElement("document");
    xml.appendChild(top);
  }
  for (let i = topLevel.length - 1; i >= 0; i--) stack.push([topLevel[i] as AnyNode, top]);
  while (stack.length > 0) {
    const [node, parent] = stack.pop() as [AnyNode, XmlNode];
    if (node.type === "text") {
      if (parent !== xml) parent.appendChild(xml.createTextNode(node.data));
      continue;
    }
    if (node.type !== "tag" && node.type !== "script" && node.type !== "style") continue;
    let el: XmlElement;
    try {
      el = xml.createElement(node.name);
    } catch {
      continue; // a name XML cannot hold: that subtree cannot be addressed by XPath anyway
    }
    for (const [name, value] of Object.entries(node.attribs)) {
      try {
        el.setAttribute(name, value);
      } catch {
        // attribute names such as "@click" are legal in HTML but not in XML
      }
    }
    origin.set(el, node);
    order.set(node, order.size);
    parent.appendChild(el);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i] as AnyNode, el]);
  }
  return { xml, origin, order };
}
