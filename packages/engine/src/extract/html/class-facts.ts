import type { Element } from "domhandler";
import { boundedCache } from "../bounded-cache";
import { hintsOf } from "./element-hints";

/** What the page walk reads off one class attribute value: its path segment's classes and its hints. */
export interface ClassFacts {
  /** ".card.main": the stable class names, sorted (ids and generated classes left out), or "". */
  suffix: string;
  /** The tag the value was last seen on, and its segment. */
  tag: string;
  segment: string;
  /** Price and stock hints of the value (element-hints.ts). */
  hints: number;
  /** It holds a class that hides its element (hiddenClasses). */
  hidden: boolean;
}

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

/**
 * A value holding none of the hidden classes even as a substring (most do not) needs no split. The names are
 * letters and hyphens only: joined, they are a pattern as they are.
 */
const hiddenClassHint = new RegExp([...hiddenClasses].join("|"));

/** Generated class names (css-in-js hashes, numeric ids) rotate between deploys: they are not structure. */
const generatedClass =
  /^(?:css|sc|jsx|emotion|svelte|astro|styles?_)-|\d.*\d|^[a-z]*[A-Z][a-zA-Z]*\d|_[a-zA-Z0-9]{5,}$/;
const whitespace = /\s/;

// Class attributes repeat heavily within and across pages: one look-up per element answers every question.
const classFacts = boundedCache<ClassFacts>(5_000, (cls) => ({
  suffix: stableClasses(cls),
  tag: "",
  segment: "",
  hints: hintsOf(cls),
  hidden: hiddenClassHint.test(cls) && cls.split(/\s+/).some((token) => hiddenClasses.has(token)),
}));

/** The facts of an element's class attribute; undefined when it has none (or an empty one). */
export function classFactsOf(el: Element): ClassFacts | undefined {
  return classFactsOfValue(el.attribs.class);
}

/** The facts of a class attribute's value (see classFactsOf). */
export function classFactsOfValue(cls: string | undefined): ClassFacts | undefined {
  return cls === undefined || cls === "" ? undefined : classFacts(cls);
}

function stableClasses(cls: string): string {
  // Most class attributes hold one name: no split, set or sort for them.
  if (!whitespace.test(cls)) return generatedClass.test(cls) ? "" : `.${cls}`;
  const kept = [...new Set(cls.split(/\s+/))]
    .filter((token) => token !== "" && !generatedClass.test(token))
    .sort();
  return kept.length === 0 ? "" : `.${kept.join(".")}`;
}
