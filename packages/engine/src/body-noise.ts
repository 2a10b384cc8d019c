/**
 * Noise in a page's bytes: the tokens (a session id, a CSRF token, a time) that differ between two reads
 * of the page one right after the other. Each is known by the text right before it, its context, which
 * must occur once in the page; a token only a few bytes after another one is known by that token's
 * context and the text between them (a beacon's "?r=…&amp;ts=…"). A body hashed without those tokens
 * (`bodyHash`) is then the same from one check to the next while only the noise moves, and such a page is
 * not parsed again (issue 11).
 *
 * Conservative by construction: a context missing or repeated in a later body, or two reads that differ
 * in anything but whole word tokens with such contexts, give the plain hash, and the page is parsed as
 * before.
 */
import { createHash } from "node:crypto";

/** Tokens of context kept before a volatile token, and the least context length that is specific enough. */
const CONTEXT_TOKENS = 6;
const MIN_CONTEXT_CHARS = 12;
/** How far back a context may reach when its first runs are short or elsewhere in the page too. */
const MAX_CONTEXT_TOKENS = 24;
/** More volatile tokens than this: the page is left to the parser. */
const MAX_VOLATILE = 64;
/**
 * Joins a context to the text between its token and the next ones, in one learned entry (one cut). A context
 * is latin1, one character per byte, so it never holds U+0100: an entry without it is a plain context.
 */
const BRIDGE = "\u0100";

/** The same bytes as a Buffer, not copied. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const latin1 = (bytes: Uint8Array) => asBuffer(bytes).toString("latin1");

/** sha256 of the body bytes, hex, without the tokens after the given contexts (see the module comment). */
export function bodyHash(bytes: Uint8Array, volatileAfter: readonly string[] = []): string {
  const plain = () => createHash("sha256").update(bytes).digest("hex");
  if (volatileAfter.length === 0) return plain();
  // Searched in the bytes as they are: a context is latin1 text, one character per byte.
  const body = asBuffer(bytes);
  const cuts: [number, number][] = [];
  for (const entry of volatileAfter) {
    const [context, ...bridges] = entry.split(BRIDGE) as [string, ...string[]];
    const at = body.indexOf(context, 0, "latin1");
    if (at < 0 || body.indexOf(context, at + 1, "latin1") >= 0) return plain();
    const start = at + context.length;
    let end = wordEnd(bytes, start);
    for (const bridge of bridges) {
      if (body.toString("latin1", end, end + bridge.length) !== bridge) return plain();
      end = wordEnd(bytes, end + bridge.length);
    }
    cuts.push([start, end]);
  }
  cuts.sort((a, b) => a[0] - b[0]);
  const hash = createHash("sha256");
  let from = 0;
  for (const [start, end] of cuts) {
    if (start < from) return plain();
    hash.update(bytes.subarray(from, start)).update("\0");
    from = end;
  }
  return hash.update(bytes.subarray(from)).digest("hex");
}

/**
 * The contexts of the tokens that differ between two back-to-back reads of a page: [] when the bytes
 * are the same, null when the difference is not a few tokens with unique contexts (then the page is
 * parsed on every check, as without this). One pass over both reads in step, without decoding them.
 */
export function learnVolatileTokens(first: Uint8Array, second: Uint8Array): string[] | null {
  const contexts: string[] = [];
  let tokens = 0;
  const a = asBuffer(first);
  const b = asBuffer(second);
  let i = 0;
  let j = 0;
  let previousEnd = 0;
  for (;;) {
    const same = sameBytes(a, i, b, j);
    i += same;
    j += same;
    if (i >= first.length || j >= second.length) break;
    // The bytes before are the same in both reads: the differing token starts at the same distance back.
    let start = i;
    while (start > previousEnd && !isDelimiter(first[start - 1] as number)) start -= 1;
    const startB = j - (i - start);
    const end = wordEnd(first, start);
    const endB = wordEnd(second, startB);
    // A delimiter differs, or a token is only in one read: not a token's value that varies.
    if (end === start || endB === startB) return null;
    if (++tokens > MAX_VOLATILE) return null;
    // Text that is short, or elsewhere in the page too, is not a context: reach further back, up to the last token.
    let from = start;
    for (let runs = CONTEXT_TOKENS; runs <= MAX_CONTEXT_TOKENS; runs += CONTEXT_TOKENS) {
      from = contextStart(first, start, previousEnd, runs);
      if (
        from === previousEnd ||
        (start - from >= MIN_CONTEXT_CHARS && occursOnce(a, a.subarray(from, start)))
      )
        break;
    }
    const context = latin1(first.subarray(from, start));
    // Learned noise is stored as JSON, which PostgreSQL cannot hold U+0000 in.
    if (context.includes("\u0000")) return null;
    // The context reaches back to the last token ("?r=TOKEN&amp;ts=TIME", "…adid=ID\"><img src=\""): the
    // token is found from that token's context, across this text, which must then be there as it is. Short
    // text like this is often elsewhere in the page too, where the chain from the last context is not.
    if (from === previousEnd && contexts.length > 0) contexts.push(`${contexts.pop()}${BRIDGE}${context}`);
    else if (context.length >= MIN_CONTEXT_CHARS) contexts.push(context);
    else return null;
    i = end;
    j = endB;
    previousEnd = end;
  }
  if (i < first.length || j < second.length) return null;
  // The contexts must explain the whole difference: both reads hash alike without their tokens.
  return bodyHash(first, contexts) === bodyHash(second, contexts) ? contexts : null;
}

/** Bytes compared at once, natively, while two reads are the same (almost all of them). */
const SAME_BLOCK = 1024;

/** How many bytes from `a[i]` and `b[j]` on are the same: block by block, then byte by byte in the block that differs. */
function sameBytes(a: Buffer, i: number, b: Buffer, j: number): number {
  const limit = Math.min(a.length - i, b.length - j);
  let n = 0;
  while (n + SAME_BLOCK <= limit && a.compare(b, j + n, j + n + SAME_BLOCK, i + n, i + n + SAME_BLOCK) === 0)
    n += SAME_BLOCK;
  while (n < limit && a[i + n] === b[j + n]) n += 1;
  return n;
}

/** Bytes that end a token: ASCII whitespace and markup punctuation. A token is what lies between them. */
const DELIMITER_BYTES = new Set([..." \t\n\r\f\v<>\"'=&;"].map((c) => c.charCodeAt(0)));
const isDelimiter = (byte: number) => DELIMITER_BYTES.has(byte);

function occursOnce(body: Buffer, text: Uint8Array): boolean {
  const at = body.indexOf(text);
  return at >= 0 && body.indexOf(text, at + 1) < 0;
}

function wordEnd(bytes: Uint8Array, start: number): number {
  let end = start;
  while (end < bytes.length && !isDelimiter(bytes[end] as number)) end += 1;
  return end;
}

/** Where the context of the token at `start` begins: `runs` runs of delimiters or not back, not before `floor`. */
function contextStart(bytes: Uint8Array, start: number, floor: number, runs: number): number {
  let at = start;
  for (let run = 0; run < runs && at > floor; run += 1) {
    const delimiter = isDelimiter(bytes[at - 1] as number);
    while (at > floor && isDelimiter(bytes[at - 1] as number) === delimiter) at -= 1;
  }
  return at;
}
