import type { Element } from "domhandler";
import { boundedCache } from "../bounded-cache";

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

export function isHiddenElement(el: Element): boolean {
  const a = el.attribs;
  if (a.hidden !== undefined) return true;
  if (a["aria-hidden"] === "true") return true;
  if (el.name === "input" && a.type?.toLowerCase() === "hidden") return true;
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
