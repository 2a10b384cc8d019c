/**
 * The engine work one page needs, as messages a worker thread can run: extract (from text, or from the body
 * bytes, decoded there), compare, fingerprint and learn noise. Everything in and out is structured-cloneable
 * (snapshots are plain JSON data); body bytes are moved to the worker, not copied.
 */
// From their own modules, not compare/index.ts: the worker thread then never loads what it does not run
// (the AI refinement's HTTP client).

import { createHash } from "node:crypto";
import { gunzipSync, gzipSync, inflateRawSync } from "node:zlib";
import { compareSnapshots } from "../compare/classify";
import { type FingerprintOptions, fingerprintSnapshot } from "../compare/fingerprint";
import { type LearnedNoise, learnNoise } from "../compare/learned-noise";
import type { ChangeResult, CompareOptions } from "../compare/types";
import { type ExtractInput, type ExtractOptions, extractSnapshot } from "../extract";
import { decodeTextPieces } from "../fetch/charset";
import { isBinaryMediaType } from "../fetch/media-type";
import type { Snapshot } from "../snapshot";
import { snapshotFromStored, storedSnapshotJson } from "./stored-form";

/** A response body as fetched: decoded from its charset (BOM, Content-Type, markup) where it is extracted. */
export interface EncodedPage {
  url: string;
  /** Media type without parameters. */
  contentType: string;
  /** The Content-Type header as served, whose charset (if any) decodes the bytes; null when none. */
  contentTypeHeader: string | null;
  bytes: Uint8Array;
}

/** A page to extract: as fetched (bytes, decoded where extracted) or as text. */
export type PageSource = { page: EncodedPage } | { input: ExtractInput };

/**
 * A stored version as it is kept: its JSON, compressed (raw deflate or gzip) or not. It is parsed where
 * it is compared, so the thread that holds it never builds the objects.
 */
export interface PackedSnapshot {
  json: Uint8Array;
  encoding: "deflate-raw" | "gzip" | "identity";
}

/**
 * A snapshot as a job takes it: the snapshot itself, or its packed JSON (a version that came back in its
 * stored form, versionForJob), parsed where the job runs.
 */
export type JobSnapshot = Snapshot | PackedSnapshot;

export type EngineJob =
  | { kind: "extract"; input: ExtractInput; options: ExtractOptions }
  | { kind: "extractBytes"; page: EncodedPage; options: ExtractOptions }
  | {
      kind: "extractAndCompare";
      source: PageSource;
      options: ExtractOptions;
      previous: PackedSnapshot;
      compare: CompareOptions;
    }
  | { kind: "extractForStore"; source: PageSource; options: ExtractOptions; fingerprint: FingerprintOptions }
  | { kind: "compare"; previous: Snapshot; next: JobSnapshot; options: CompareOptions }
  | { kind: "fingerprint"; snapshot: JobSnapshot; options: FingerprintOptions }
  | { kind: "learnNoise"; first: JobSnapshot; second: JobSnapshot; previous: LearnedNoise | null }
  | {
      kind: "learnNoiseAndCompare";
      first: JobSnapshot;
      second: JobSnapshot;
      previous: PackedSnapshot;
      compare: CompareOptions;
    };

/** What each job answers. */
export interface EngineJobResults {
  extract: Snapshot;
  extractBytes: Snapshot;
  extractAndCompare: ExtractedAndCompared;
  extractForStore: ExtractedForStore;
  compare: ChangeResult;
  fingerprint: string;
  learnNoise: LearnedNoise;
  learnNoiseAndCompare: LearnedAndCompared;
}

/** The noise two back-to-back reads of a page showed, and the first read compared without it. */
export interface LearnedAndCompared {
  learnedNoise: LearnedNoise;
  result: ChangeResult;
}

/** What a check keeps of a version it does not store: the facts it shows for the monitor. */
export type SnapshotFacts = Pick<Snapshot, "title" | "price" | "availability" | "scopeMatched">;

/**
 * A new version as the store keeps it, made on the thread that extracted it: its facts and its stored form.
 * The snapshot itself is not sent back: its structure paths alone were about 230 KB of a median page's
 * answer, copied to the caller's thread to be dropped there (they were most of its main thread's garbage
 * that lived long enough to need a full collection).
 */
export interface EncodedVersion {
  facts: SnapshotFacts;
  encoded: EncodedSnapshot;
}

/**
 * A new version of a page on the caller's thread: its snapshot (extracted there, or by a job that sends it
 * back), or its stored form with its facts.
 */
export type NewVersion = { snapshot: Snapshot } | EncodedVersion;

/** The facts of a new version (title, price, availability, whether the scope matched). */
export function factsOfVersion(version: NewVersion): SnapshotFacts {
  return "snapshot" in version ? version.snapshot : version.facts;
}

/** A version as a job takes it: the snapshot itself, or its stored form (parsed where the job runs). */
export function versionForJob(version: NewVersion): JobSnapshot {
  return "snapshot" in version ? version.snapshot : { json: version.encoded.gzip, encoding: "gzip" };
}

/**
 * A page that did not change (and did not flip back to a recent version) is not stored: only its facts
 * travel back. One to store travels back in its stored form (EncodedVersion).
 */
export type ExtractedAndCompared =
  | { stored: EncodedVersion; result: ChangeResult }
  | { facts: SnapshotFacts; result: ChangeResult };

/** A first version of a page (nothing stored to compare it with): to store, with its fingerprint. */
export interface ExtractedForStore {
  stored: EncodedVersion;
  fingerprint: string;
}

/**
 * A snapshot as the store keeps it: its JSON gzipped, with the JSON's sha-256 (hex, the blob's content
 * address) and length. Made where the snapshot was extracted, so the thread that stores it neither
 * serialises nor compresses the snapshot (on the main thread that was the largest allocation of a check
 * that stores a version).
 */
export interface EncodedSnapshot {
  gzip: Uint8Array;
  sha256: string;
  size: number;
}

/** The stored form of `snapshot` (see EncodedSnapshot and stored-form.ts), gzipped as the writer does. */
export function encodeSnapshot(snapshot: Snapshot): EncodedSnapshot {
  const json = storedSnapshotJson(snapshot);
  return {
    // A copy of its own size: zlib may answer a view of a larger buffer, which a message would copy whole.
    gzip: new Uint8Array(gzipSync(json, { level: 6 })),
    sha256: createHash("sha256").update(json).digest("hex"),
    size: json.byteLength,
  };
}

/** The page-level work of a check, wherever it runs: in this thread or on the pool's worker threads. */
export interface PageEngine {
  extract(input: ExtractInput, options?: ExtractOptions): Promise<Snapshot>;
  /**
   * Decodes and extracts a body as fetched. A worker pool takes the bytes over (their buffer is moved to
   * the worker, so the caller must not read them afterwards); the main thread never decodes them.
   */
  extractBytes(page: EncodedPage, options?: ExtractOptions): Promise<Snapshot>;
  compare(previous: Snapshot, next: JobSnapshot, options: CompareOptions): Promise<ChangeResult>;
  /**
   * Extracts a page and compares it with the stored version in one job: the version travels as its packed
   * JSON, and the new snapshot is not sent back to be compared (a pool takes over the page's bytes).
   */
  extractAndCompare(
    source: PageSource,
    options: ExtractOptions,
    previous: PackedSnapshot,
    compare: CompareOptions,
  ): Promise<ExtractedAndCompared>;
  /**
   * Extracts a page that has no stored version to compare with, fingerprints it and encodes it for the
   * store in one job: the snapshot is not sent back to be fingerprinted, nor serialised by the caller.
   */
  extractForStore(
    source: PageSource,
    options: ExtractOptions,
    fingerprint: FingerprintOptions,
  ): Promise<ExtractedForStore>;
  fingerprint(snapshot: JobSnapshot, options: FingerprintOptions): Promise<string>;
  learnNoise(first: JobSnapshot, second: JobSnapshot, previous?: LearnedNoise | null): Promise<LearnedNoise>;
  /**
   * Learns the noise between two back-to-back reads of a page (none learned before), then compares the
   * first read with the stored version under it, in one job: the stored version travels as its packed
   * JSON, and the first read is sent once, not once to learn and again to compare.
   */
  learnNoiseAndCompare(
    first: JobSnapshot,
    second: JobSnapshot,
    previous: PackedSnapshot,
    compare: CompareOptions,
  ): Promise<LearnedAndCompared>;
}

export async function runJob(job: EngineJob): Promise<EngineJobResults[EngineJob["kind"]]> {
  switch (job.kind) {
    case "extract":
      return extractSnapshot(job.input, job.options);
    case "extractBytes":
      return extractSnapshot(decodedInput(job.page), job.options);
    case "extractAndCompare":
      return extractAndCompare(job.source, job.options, job.previous, job.compare);
    case "extractForStore":
      return extractForStore(job.source, job.options, job.fingerprint);
    case "compare":
      return compareSnapshots(job.previous, snapshotOf(job.next), job.options);
    case "fingerprint":
      return fingerprintSnapshot(snapshotOf(job.snapshot), job.options);
    case "learnNoise":
      return learnNoise(snapshotOf(job.first), snapshotOf(job.second), job.previous);
    case "learnNoiseAndCompare":
      return learnNoiseAndCompare(job.first, job.second, job.previous, job.compare);
  }
}

function extractSource(source: PageSource, options: ExtractOptions): Promise<Snapshot> {
  return extractSnapshot("page" in source ? decodedInput(source.page) : source.input, options);
}

function isPacked(value: JobSnapshot): value is PackedSnapshot {
  return "json" in value && value.json instanceof Uint8Array;
}

function snapshotOf(value: JobSnapshot): Snapshot {
  return isPacked(value) ? unpackSnapshot(value) : value;
}

export function unpackSnapshot(packed: PackedSnapshot): Snapshot {
  const json =
    packed.encoding === "deflate-raw"
      ? inflateRawSync(packed.json)
      : packed.encoding === "gzip"
        ? gunzipSync(packed.json)
        : packed.json;
  return snapshotFromStored(new TextDecoder().decode(json));
}

async function extractAndCompare(
  source: PageSource,
  options: ExtractOptions,
  previous: PackedSnapshot,
  compare: CompareOptions,
): Promise<ExtractedAndCompared> {
  const snapshot = await extractSource(source, options);
  const result = compareSnapshots(unpackSnapshot(previous), snapshot, compare);
  if (result.changed || result.flipFlop) return { stored: encodedVersion(snapshot), result };
  return { facts: factsOfSnapshot(snapshot), result };
}

function factsOfSnapshot({ title, price, availability, scopeMatched }: Snapshot): SnapshotFacts {
  return { title, price, availability, scopeMatched };
}

function encodedVersion(snapshot: Snapshot): EncodedVersion {
  return { facts: factsOfSnapshot(snapshot), encoded: encodeSnapshot(snapshot) };
}

async function extractForStore(
  source: PageSource,
  options: ExtractOptions,
  fingerprint: FingerprintOptions,
): Promise<ExtractedForStore> {
  const snapshot = await extractSource(source, options);
  return { stored: encodedVersion(snapshot), fingerprint: fingerprintSnapshot(snapshot, fingerprint) };
}

function learnNoiseAndCompare(
  firstRead: JobSnapshot,
  second: JobSnapshot,
  previous: PackedSnapshot,
  compare: CompareOptions,
): LearnedAndCompared {
  const first = snapshotOf(firstRead);
  const learnedNoise = learnNoise(first, snapshotOf(second), null);
  const result = compareSnapshots(unpackSnapshot(previous), first, { ...compare, learnedNoise });
  return { learnedNoise, result };
}

/** A body as the extractor takes it: its text in the decoder's pieces (a binary format's: none). */
export function decodedInput(page: EncodedPage): ExtractInput {
  // In pieces: the parser reads them in turn, and no large string is made of the page (DECODE_PIECE_BYTES).
  const text = isBinaryMediaType(page.contentType)
    ? ""
    : decodeTextPieces(page.bytes, page.contentTypeHeader).pieces;
  return { url: page.url, contentType: page.contentType, text, bytes: page.bytes };
}

/** The engine on the calling thread: for the command line and tools, where no other user shares the loop. */
export const inProcessEngine: PageEngine = {
  extract: (input, options = {}) => extractSnapshot(input, options),
  extractBytes: (page, options = {}) => extractSnapshot(decodedInput(page), options),
  extractAndCompare: (source, options, previous, compare) =>
    extractAndCompare(source, options, previous, compare),
  extractForStore: (source, options, fingerprint) => extractForStore(source, options, fingerprint),
  compare: async (previous, next, options) => compareSnapshots(previous, snapshotOf(next), options),
  fingerprint: async (snapshot, options) => fingerprintSnapshot(snapshotOf(snapshot), options),
  learnNoise: async (first, second, previous = null) =>
    learnNoise(snapshotOf(first), snapshotOf(second), previous),
  learnNoiseAndCompare: async (first, second, previous, compare) =>
    learnNoiseAndCompare(first, second, previous, compare),
};
