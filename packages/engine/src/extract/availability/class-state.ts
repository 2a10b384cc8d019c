/**
 * The stock state a template writes into its class names ("stock out-of-stock", "availability
 * unavailable", "stock--in"): English-like tokens whatever the page's language, so a status whose words
 * no cue knows ("Uppselt", "Laos otsas") is still read.
 */
import type { Element } from "domhandler";
import type { Availability } from "../../snapshot";

const outToken =
  /(?:^|[-_])(?:out[-_]?of[-_]?stock|sold[-_]?out|un[-_]?available|not[-_]?available|no[-_]?stock|oos|stock[-_]+out|is[-_]+out)$/i;
const inToken = /(?:^|[-_])(?:in[-_]?stock|available|stock[-_]+in|is[-_]+in)$/i;

/** How far up a choice's wrapper may sit ("li > span > div > span.option"). */
const optionDepth = 4;
/** List entries are alike by tag: their first class is often the state itself ("swatchUnavailable"). */
const entryTags = new Set(["li", "option", "tr"]);
const firstClass = (el: Element) => (el.attribs.class ?? "").trim().split(/\s+/, 1)[0] ?? "";

/**
 * One of several look-alike siblings (same tag and first class), itself or its wrapper: a choice among
 * editions, colours or sizes, each with its own state, not the product's one status line.
 */
export function amongChoices(element: Element): boolean {
  let current: Element | null = element;
  for (let depth = 0; current !== null && depth <= optionDepth; depth++) {
    const first = firstClass(current);
    const byTag = entryTags.has(current.name);
    // Unclassed look-alikes ("button, button") are not a choice group: a sold-out buy button beside a
    // wishlist button is the product's.
    if (!byTag && first === "") {
      current = current.parent?.type === "tag" ? (current.parent as Element) : null;
      continue;
    }
    const parent = current.parent;
    if (parent === null || parent.type !== "tag") return false;
    const tag = current.name;
    const alike = parent.children.filter(
      (c) =>
        c !== current && c.type === "tag" && c.name === tag && (byTag || firstClass(c as Element) === first),
    );
    if (alike.length > 0) return true;
    current = parent as Element;
  }
  return false;
}

/** The state the element's own class tokens say, or null when they say none or both, or it is one choice of several. */
export function classState(element: Element): Availability | null {
  const tokens = (element.attribs.class ?? "").split(/\s+/).filter((t) => t !== "");
  const out = tokens.some((t) => outToken.test(t));
  const available = tokens.some((t) => !outToken.test(t) && inToken.test(t));
  if (out === available || amongChoices(element)) return null;
  return out ? "out_of_stock" : "in_stock";
}
