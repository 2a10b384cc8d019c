import type { Element } from "domhandler";

const hiddenStyle = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

/** Utility classes that mean display:none in the common CSS frameworks and big shop templates. */
const hiddenClasses = new Set([
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
  if (cls !== undefined && cls !== "") {
    for (const token of cls.split(/\s+/)) if (hiddenClasses.has(token)) return true;
  }
  return false;
}
