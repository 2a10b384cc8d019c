/**
 * One page, from its address to its snapshot: scope → fetch → (hash) → extract. The one way the service's
 * checks, the preview and the `check` command read a page.
 *
 * The body bytes are hashed before anything else: when they are the same as the last check's
 * (`knownBodyHash`), the page is neither decoded nor parsed, and its bytes are freed at once (`same_body`:
 * the page's `bytes` are not to be read). Otherwise a page fetched over plain HTTP goes
 * to the engine as bytes, decoded and extracted there (off the calling thread with a worker pool, which
 * takes the bytes over: the returned page's `bytes` and `text` are then not to be read).
 *
 * Given the stored version (`compareWith`), a page that needs a parse is extracted and compared with it in
 * one engine job: the new snapshot is not sent back to the engine to be compared, and comes back only when
 * it changed (else `unchanged`, with the page's facts). Without one (`fingerprintWith`), the page is
 * extracted, fingerprinted and encoded for the store in one job.
 */
import { bodyHash } from "./body-noise";
import type { FingerprintOptions } from "./compare/fingerprint";
import type { ChangeResult, CompareOptions } from "./compare/types";
import type { ExtractOptions } from "./extract";
import { parseScope } from "./extract";
import { type FetchedPage, type FetchPageOptions, fetchPage, releaseBytes } from "./fetch";
import type { FetchRequest } from "./fetch/types";
import {
  inProcessEngine,
  type NewVersion,
  type PackedSnapshot,
  type PageEngine,
  type PageSource,
  type SnapshotFacts,
} from "./pool/jobs";

export interface SnapshotPageRequest extends FetchRequest {
  /** The monitor's CSS selector or XPath scope (parsed here: a bad one throws before any fetch). */
  selector?: string | null;
  /** Hash of the body bytes of the last check: the same bytes again give `same_body`. */
  knownBodyHash?: string | null;
  /** The contexts of the body's volatile tokens (body-noise.ts), left out of its hash. */
  volatileBodyTokens?: readonly string[];
  /** Keep a copy of the body bytes in the answer (`body`), to learn its noise from. */
  keepBody?: boolean;
  /** The stored version to compare a parsed page with, read only when the page needs a parse. */
  compareWith?: StoredVersion | null;
  /**
   * How to fingerprint a parsed page that has no stored version to compare with (a first check): the
   * page is then extracted, fingerprinted and encoded for the store in one job (`fingerprint`, `encoded`).
   */
  fingerprintWith?: FingerprintOptions | null;
}

export interface StoredVersion {
  /** The version as kept (null: there is none to compare with after all). */
  load(): Promise<PackedSnapshot | null>;
  options: CompareOptions;
}

export interface SnapshotPageOptions extends FetchPageOptions {
  /** Where the page is extracted: this thread by default; the server passes its worker pool. */
  engine?: PageEngine;
}

export type PageSnapshot =
  /** The server answered 304 to the validators. */
  | { kind: "not_modified"; page: FetchedPage }
  /** The body bytes are exactly the last check's: nothing was decoded or parsed (and the bytes are freed). */
  | { kind: "same_body"; page: FetchedPage; bodyHash: string }
  | {
      kind: "snapshot";
      page: FetchedPage;
      bodyHash: string;
      /**
       * The new version: its snapshot, or (when the job compared it, or fingerprinted it) its stored form
       * with its facts, the snapshot left where it was extracted.
       */
      version: NewVersion;
      /** The comparison with `compareWith`'s version; null when none was given or none was stored. */
      comparison: ChangeResult | null;
      /** Its fingerprint, when `fingerprintWith` was given and there was nothing to compare it with. */
      fingerprint?: string;
      /** A copy of the body bytes, when asked for (`keepBody`). */
      body?: Uint8Array;
    }
  /** Compared with `compareWith`'s version: no change and no flip-flop, so only the page's facts came back. */
  | {
      kind: "unchanged";
      page: FetchedPage;
      bodyHash: string;
      facts: SnapshotFacts;
      comparison: ChangeResult;
      /** A copy of the body bytes, when asked for (`keepBody`). */
      body?: Uint8Array;
    };

/** Links and images resolve against the URL the page was finally served from (after redirects). */
export function extractInputOf(page: FetchedPage) {
  return { url: page.finalUrl, contentType: page.contentType, text: page.text, bytes: page.bytes };
}

export async function snapshotPage(
  request: SnapshotPageRequest,
  options: SnapshotPageOptions = {},
): Promise<PageSnapshot> {
  const { engine = inProcessEngine, ...fetchOptions } = options;
  const {
    selector,
    knownBodyHash,
    compareWith,
    fingerprintWith,
    volatileBodyTokens,
    keepBody,
    ...fetchRequest
  } = request;
  const scope = selector ? parseScope(selector) : undefined;
  const page = await fetchPage(fetchRequest, fetchOptions);
  if (page.notModified) return { kind: "not_modified", page };
  // The screenshot of a rendered page is not part of its hash.
  const hash = bodyHash(page.bytes, volatileBodyTokens);
  // A rendered page's look can change with the same markup (its screenshot is compared then).
  if (knownBodyHash && hash === knownBodyHash && !page.screenshot) {
    releaseBytes([page.bytes]);
    return { kind: "same_body", page, bodyHash: hash };
  }
  // Copied before the engine may take the bytes over (a Buffer's slice() would share them).
  const body = keepBody ? new Uint8Array(page.bytes) : undefined;
  const source: PageSource =
    page.contentTypeHeader === undefined
      ? { input: extractInputOf(page) }
      : {
          page: {
            url: page.finalUrl,
            contentType: page.contentType,
            contentTypeHeader: page.contentTypeHeader,
            bytes: page.bytes,
          },
        };
  const extractOptions: ExtractOptions = { scope };
  const previous = compareWith ? await compareWith.load() : null;
  if (previous && compareWith) {
    const compared = await engine.extractAndCompare(source, extractOptions, previous, compareWith.options);
    return "facts" in compared
      ? { kind: "unchanged", page, bodyHash: hash, facts: compared.facts, comparison: compared.result, body }
      : {
          kind: "snapshot",
          page,
          bodyHash: hash,
          version: compared.stored,
          comparison: compared.result,
          body,
        };
  }
  if (fingerprintWith) {
    const { stored, fingerprint } = await engine.extractForStore(source, extractOptions, fingerprintWith);
    return { kind: "snapshot", page, bodyHash: hash, version: stored, fingerprint, comparison: null, body };
  }
  const snapshot =
    "input" in source
      ? await engine.extract(source.input, extractOptions)
      : await engine.extractBytes(source.page, extractOptions);
  return { kind: "snapshot", page, bodyHash: hash, version: { snapshot }, comparison: null, body };
}
