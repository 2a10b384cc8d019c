/**
 * `JSON.stringify(value)` as UTF-8 bytes: the same bytes, without the whole text ever being one string.
 *
 * V8 builds JSON.stringify's result as a chain of parts, and encoding that chain flattens it into one string
 * first. A stored version's JSON is ~170 KB (~340 KB as a string of two-byte characters), and a string that
 * large gets a fresh mapping of its own, touched page by page (~14 µs a 4 KB page on a virtual machine):
 * 50-66 page faults, over half of the 1.3 ms the encoding took. Here arrays are written a run of elements
 * at a time and each small piece is encoded on its own; the pieces are joined as bytes. On the front-coded
 * stored form (stored-form.ts, ~43 KB) it still saves ~0.1 ms and 11 faults a version.
 */

/** Elements of an array stringified together: a piece stays far below V8's large-object size. */
const RUN = 64;
/** Text gathered before it is encoded (characters). */
const BATCH_CHARS = 16_384;

export function jsonBytes(value: unknown): Buffer {
  return Buffer.concat(jsonTextPieces(value).map((piece) => Buffer.from(piece)));
}

/**
 * The text of `JSON.stringify(value)` in pieces of about BATCH_CHARS characters (more only where one
 * value's own text is longer). Meant for plain JSON data: a member's toJSON is called without its key.
 */
export function jsonTextPieces(value: unknown): string[] {
  if (!isArray(value) && !isPlainObject(value)) {
    const json = JSON.stringify(value) as string | undefined;
    if (json === undefined) throw new TypeError("The value has no JSON form.");
    return [json];
  }
  const pieces: string[] = [];
  let text = "";
  writeValue(value, (piece) => {
    text += piece;
    if (text.length >= BATCH_CHARS) {
      pieces.push(text);
      text = "";
    }
  });
  pieces.push(text);
  return pieces;
}

/** Only what JSON.stringify writes member by member is taken apart; anything else is written by it. */
function writeValue(value: unknown, emit: (piece: string) => void): void {
  if (isArray(value)) writeArray(value, emit);
  else if (isPlainObject(value)) writeObject(value, emit);
  else emit(JSON.stringify(value) ?? "null");
}

function writeArray(array: readonly unknown[], emit: (piece: string) => void): void {
  emit("[");
  for (let start = 0; start < array.length; start += RUN) {
    const run = JSON.stringify(array.slice(start, start + RUN));
    emit(start === 0 ? run.slice(1, -1) : `,${run.slice(1, -1)}`);
  }
  emit("]");
}

function writeObject(object: Record<string, unknown>, emit: (piece: string) => void): void {
  emit("{");
  let first = true;
  for (const key of Object.keys(object)) {
    const value = object[key];
    // The members JSON.stringify leaves out of an object.
    if (value === undefined || typeof value === "function" || typeof value === "symbol") continue;
    emit(`${first ? "" : ","}${JSON.stringify(key)}:`);
    first = false;
    writeValue(value, emit);
  }
  emit("}");
}

const isArray = (value: unknown): value is unknown[] => Array.isArray(value) && !("toJSON" in value);

/** An object JSON.stringify writes member by member: no toJSON of its own, no class with one. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && !("toJSON" in value);
}
