/**
 * A copy of `text` that holds on to nothing else. V8 makes a substring of a long string (an attribute
 * value the parser cut out of the page) a slice that keeps the whole page's text alive: a module-level
 * cache keyed by such substrings kept thousands of pages in the engine worker's heap. Concatenating first
 * makes V8 build a fresh flat string, so the slice's parent is the key's own short copy.
 */
export function detached(text: string): string {
  return ` ${text}`.slice(1);
}
