/**
 * A copy of `text` that holds on to nothing else. V8 makes a substring of a long string (an attribute
 * value the parser cut out of the page) a slice that keeps the whole page's text alive, and a template
 * string built from such a slice keeps it too: a module-level cache keyed by them kept thousands of pages
 * in the engine worker's heap. Concatenating first makes V8 build a fresh flat string, so the slice's
 * parent is the key's own short copy.
 */
export function detached(text: string): string {
  return ` ${text}`.slice(1);
}

/**
 * `compute` remembered for the last `max` keys a page walk asks about (class attributes, languages): at
 * the bound the oldest key is forgotten. Every key is stored, and computed from, detached, so no page
 * outlives its walk through a key or an answer. An
 * `undefined` answer is not remembered.
 */
export function boundedCache<V>(max: number, compute: (key: string) => V): (key: string) => V {
  const entries = new Map<string, V>();
  return (key) => {
    let value = entries.get(key);
    if (value === undefined) {
      // Computed from the copy: an answer cut from the key (a class name of the attribute) is then a
      // slice of the copy, not of the page.
      const own = detached(key);
      value = compute(own);
      if (value === undefined) return value;
      if (entries.size >= max) entries.delete(entries.keys().next().value as string);
      entries.set(own, value);
    }
    return value;
  };
}
