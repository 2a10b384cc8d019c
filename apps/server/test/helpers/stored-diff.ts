import type { StoredChangeDiff } from "../../src/db/schema/checks";

/** A change row's diff with nothing in it: for tests that need a change but not its content. */
export const emptyStoredDiff: StoredChangeDiff = {
  text: [],
  items: { added: [], removed: [] },
  images: { added: [], removed: [] },
  price: null,
  availability: null,
  structure: { added: [], removed: [] },
  visual: null,
};
