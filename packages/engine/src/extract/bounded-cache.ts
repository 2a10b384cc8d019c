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
 * `compute` remembered for the keys a page walk asks about (class attributes, languages), in two
 * generations of at most `max / 2` keys each: a key is looked up in the young one, then the old one (and
 * moved to the young one); when the young one is full it becomes the old one and the old one is dropped.
 * So the last `max / 2` distinct keys are always remembered, a key asked again and again stays, and no more
 * than `max` are held (two, for a `max` below two). (A Map that forgot its oldest key at the bound found that key by iterating from its
 * start, past every slot a deletion had left empty since it last grew: 3.5 times the time of this one over
 * the corpus's class attributes.) Every key is stored, and computed from, detached, so no page outlives its
 * walk through a key or an answer. An `undefined` answer is not remembered.
 */
export function boundedCache<V>(max: number, compute: (key: string) => V): (key: string) => V {
  const generation = Math.max(1, Math.floor(max / 2));
  let young = new Map<string, V>();
  let old = new Map<string, V>();
  return (key) => {
    let value = young.get(key);
    if (value !== undefined) return value;
    value = old.get(key);
    // The copy: an answer cut from the key (a class name of the attribute) is then a slice of the copy,
    // not of the page.
    const own = detached(key);
    if (value === undefined) {
      value = compute(own);
      if (value === undefined) return value;
    }
    if (young.size >= generation) {
      old = young;
      young = new Map();
    }
    young.set(own, value);
    return value;
  };
}
