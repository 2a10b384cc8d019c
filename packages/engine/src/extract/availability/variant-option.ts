/**
 * A size or variant choice ("XS – Sold out", "40 Ausverkauft", a swatch "L" classed unavailable) says one
 * variant is gone, not the product: other sizes may be on sale. What marks it is the option's own name, a
 * size or a number, beside the stock words; a buy button that says "Sold out" names no option.
 */
import type { Element } from "domhandler";
import { textOf } from "../html/text-of";

/** Clothing and shoe sizes, numbered sizes (never 0: "Stock: 0" is a count) and amounts with a unit ("10", "42.5", "XL", "2XL", "500 ml"). */
const optionToken =
  /(?<![\p{L}\p{N}])(?:[1-9]\d{0,2}(?:[.,]5)?(?:\s?(?:ml|l|g|kg|cm|mm|gb|tb|eu|us|uk))?|x{0,3}[sml]|[2-6]xl|xx?s|one size)(?![\p{L}\p{N}])/iu;

const maxOptionLabel = 60;

export function namesAnOption(label: string): boolean {
  return label.length <= maxOptionLabel && optionToken.test(label);
}

/** Wrappers that hold one option with its status ("li: 11-12 y · Notify me"), not a block of the page. */
const optionWrappers = new Set(["li", "label", "option", "button", "a", "span", "td", "dd"]);

/** Whether the element, or the one small item holding it, names an option: that status is the option's. */
export function aboutAnOption(element: Element): boolean {
  if (namesAnOption(textOf(element, maxOptionLabel + 1))) return true;
  const parent = element.parent;
  return (
    parent !== null &&
    parent.type === "tag" &&
    optionWrappers.has((parent as Element).name) &&
    namesAnOption(textOf(parent as Element, maxOptionLabel + 1))
  );
}

/** The label a visitor reads on a control: its text, and what it says to screen readers. */
export function controlLabel(element: Element): string {
  const a = element.attribs;
  return `${textOf(element, maxOptionLabel)} ${a["aria-label"] ?? ""} ${a.title ?? ""}`.trim();
}
