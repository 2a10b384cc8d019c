import type { Element } from "domhandler";
import { type ClassFacts, classFactsOfValue } from "./class-facts";
import { WalkAttributes } from "./walk-attributes";

const hiddenStyle = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

const scratch = new WalkAttributes();

/** `classes`: the facts of the element's class attribute, when the caller has them already. */
export function isHiddenElement(el: Element, classes?: ClassFacts): boolean {
  return hiddenBy(el.name, scratch.read(el.attribs), classes);
}

/**
 * Whether an element with this tag name and these attributes is hidden (the walk's attributes, read once;
 * its class attribute's facts, looked up here when the caller passes none).
 */
export function hiddenBy(
  name: string,
  a: WalkAttributes,
  classes: ClassFacts | undefined = classFactsOfValue(a.class),
): boolean {
  if (a.hidden) return true;
  if (a.ariaHidden === "true") return true;
  if (name === "input" && a.type?.toLowerCase() === "hidden") return true;
  const style = a.style;
  if (style !== undefined && hiddenStyle.test(style)) return true;
  return classes?.hidden === true;
}
