import type { Element } from "domhandler";
import { boundedCache } from "../bounded-cache";
import { WalkAttributes } from "./walk-attributes";

const hiddenStyle = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

/** Utility classes that mean display:none in the common CSS frameworks and big shop templates. */
export const hiddenClasses: ReadonlySet<string> = new Set([
  "hidden",
  "d-none",
  "hide",
  "is-hidden",
  "invisible",
  "a-hidden",
  "aok-hidden",
  "u-hidden",
  "visually-hidden",
  "sr-only",
  "screen-reader-text",
]);

const scratch = new WalkAttributes();

export function isHiddenElement(el: Element): boolean {
  return hiddenBy(el.name, scratch.read(el.attribs));
}

/** Whether an element with this tag name and these attributes is hidden (the walk's attributes, read once). */
export function hiddenBy(name: string, a: WalkAttributes): boolean {
  if (a.hidden) return true;
  if (a.ariaHidden === "true") return true;
  if (name === "input" && a.type?.toLowerCase() === "hidden") return true;
  const style = a.style;
  if (style !== undefined && hiddenStyle.test(style)) return true;
  const cls = a.class;
  return cls !== undefined && cls !== "" && hasHiddenClass(cls);
}

// Class attributes repeat heavily within and across pages: remember the answer per attribute value.
const hiddenByClass = boundedCache(5_000, (cls) =>
  cls.split(/\s+/).some((token) => hiddenClasses.has(token)),
);

/**
 * A class attribute that holds none of the hidden classes even as a substring (most do not) needs no split
 * and no cache look-up: one regular-expression scan answers it. The names are letters and hyphens only.
 */
const hiddenClassHint = new RegExp([...hiddenClasses].join("|"));

function hasHiddenClass(cls: string): boolean {
  return hiddenClassHint.test(cls) && hiddenByClass(cls);
}
