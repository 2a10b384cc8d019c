/**
 * The check workload: N replicas of the shared corpus pages served over 16 loopback addresses
 * (127.0.0.1–127.0.0.16, one listener each), in rounds. Each round a share of the pages really changes
 * (one of the mutation suite's real changes: a price, a stock flag, a new list item, a swapped image, a
 * word in a paragraph) and, on every request, a fixed share of the pages carries noise (noise.ts). The
 * truth of each round says, per page, which kind changed and which noise it carries.
 *
 * `startWorkload({ pages, seed })` runs it in this process; `forkWorkload` (./remote.ts) runs it as a
 * child process so its CPU is not counted against the process being measured.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { WatchKind } from "@changeradar/contracts";
import { extractSnapshotSync } from "../../src/extract";
import {
  type CorpusEntry,
  type CorpusPage,
  corpusEntries,
  readCorpusPage,
} from "../../test/compare/mutations/corpus";
import { realJsonMutations, realTextMutations } from "../../test/compare/mutations/json-text";
import { type RealMutation, realHtmlMutations } from "../../test/compare/mutations/real-html";
import { injectionPoint, type NoiseKind, noiseFragment, noiseKinds } from "./noise";

export interface WorkloadOptions {
  /** How many pages (replicas of the corpus, spread over the hosts). Default 500. */
  pages?: number;
  /** Seeds every choice: the same seed gives the same rounds. Default 1. */
  seed?: number;
  /** Loopback addresses 127.0.0.1 … 127.0.0.<hosts>. Default 16. */
  hosts?: number;
  /** Share of the pages that really change each round. Default 0.3. */
  changedShare?: number;
  /** Share of the pages that carry noise on every request. Default 0.3. */
  noisyShare?: number;
}

export interface PageTruth {
  index: number;
  url: string;
  /** The corpus file this page is a replica of. */
  file: string;
  /** The kind that really changed in this round (null: nothing did). */
  changed: WatchKind | null;
  /** The mutation that made the change ("price change", "stock flip", …). */
  mutation: string | null;
  /** The noise the page carries on every request (empty: none). */
  noise: NoiseKind[];
}

export interface Workload {
  urls: readonly string[];
  /** The current round; 0 is the baseline (no changes). */
  round(): number;
  /** Applies the next round's changes and returns its number. */
  nextRound(): number;
  truth(round: number): PageTruth[];
  /** Requests served so far. */
  requests(): number;
  close(): Promise<void>;
}

type Format = "html" | "json" | "text";

interface Version {
  body: Buffer;
  /** Byte offset where noise goes; -1 when the page cannot carry any. */
  inject: number;
}

interface PageState {
  index: number;
  entry: CorpusEntry;
  format: Format;
  host: number;
  path: string;
  /** Key of the served version: the file and the chain of mutations applied to it. */
  key: string;
  noise: NoiseKind[];
  served: number;
}

/** mulberry32: small, seedable, good enough to pick pages. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffled<T>(values: readonly T[], next: () => number): T[] {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const formatOf = (entry: CorpusEntry): Format =>
  entry.category === "json" ? "json" : entry.category === "text" ? "text" : "html";

const CONTENT_TYPES: Record<Format, string> = {
  html: "text/html; charset=utf-8",
  json: "application/json; charset=utf-8",
  text: "text/plain; charset=utf-8",
};

/** The real changes of the mutation suite, one per watched kind ("element removed" is a second text edit). */
const MUTATIONS: Record<Format, readonly RealMutation[]> = {
  html: realHtmlMutations.filter((mutation) => mutation.name !== "element removed"),
  json: realJsonMutations.filter((mutation) => mutation.name !== "element removed"),
  text: realTextMutations.filter((mutation) => mutation.name !== "element removed"),
};

/** Corpus pages, their versions and the mutations between them, shared by every replica. */
class Versions {
  private readonly pages = new Map<string, CorpusPage>();
  private readonly versions = new Map<string, Version>();
  private readonly mutated = new Map<string, string | null>();

  base(entry: CorpusEntry): string {
    if (!this.versions.has(entry.file)) {
      const page = readCorpusPage(entry);
      this.pages.set(entry.file, page);
      this.store(entry.file, formatOf(entry), page.input.text);
    }
    return entry.file;
  }

  get(key: string): Version {
    return this.versions.get(key)!;
  }

  /** The version `mutation` makes of `key`, or null when it does not apply there. */
  mutate(key: string, entry: CorpusEntry, mutation: RealMutation): string | null {
    const next = `${key}>${mutation.name}`;
    if (!this.mutated.has(next)) {
      const page = this.pages.get(entry.file)!;
      const text = this.get(key).body.toString("utf8");
      const snapshot = extractSnapshotSync({
        ...page.input,
        contentType: CONTENT_TYPES[formatOf(entry)],
        text,
      });
      let result: string | null = null;
      try {
        result = mutation.apply(text, snapshot, page);
      } catch {
        result = null;
      }
      if (result !== null && result !== text) this.store(next, formatOf(entry), result);
      this.mutated.set(next, result !== null && result !== text ? next : null);
    }
    return this.mutated.get(next)!;
  }

  private store(key: string, format: Format, text: string): void {
    const inject = injectionPoint(format, text);
    this.versions.set(key, {
      body: Buffer.from(text, "utf8"),
      inject: inject < 0 ? -1 : Buffer.byteLength(text.slice(0, inject), "utf8"),
    });
  }
}

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startWorkload(options: WorkloadOptions = {}): Promise<Workload> {
  const count = options.pages ?? 500;
  const seed = options.seed ?? 1;
  const hostCount = options.hosts ?? 16;
  const changedShare = options.changedShare ?? 0.3;
  const noisyShare = options.noisyShare ?? 0.3;
  const next = random(seed);
  const versions = new Versions();
  const entries = shuffled(corpusEntries(), next);

  const pages: PageState[] = [];
  for (let index = 0; index < count; index += 1) {
    const entry = entries[index % entries.length];
    pages.push({
      index,
      entry,
      format: formatOf(entry),
      host: 1 + (index % hostCount),
      path: `/${index}/${entry.file}`,
      key: versions.base(entry),
      noise: [],
      served: 0,
    });
  }
  const noisy = shuffled(
    pages.filter((page) => versions.get(page.key).inject >= 0),
    next,
  ).slice(0, Math.round(count * noisyShare));
  for (const page of noisy) {
    const first = noiseKinds[page.index % noiseKinds.length];
    const second = noiseKinds[(page.index * 5 + seed) % noiseKinds.length];
    page.noise = page.index % 2 === 0 && second !== first ? [first, second] : [first];
  }

  const byPath = new Map(pages.map((page) => [`${page.host}${page.path}`, page]));
  let served = 0;
  const servers: Server[] = [];
  const ports: number[] = [];
  for (let host = 1; host <= hostCount; host += 1) {
    const server = createServer((request, response) => {
      const page = byPath.get(`${host}${decodeURI((request.url ?? "/").split("?")[0])}`);
      if (!page) {
        response.writeHead(404).end();
        return;
      }
      served += 1;
      page.served += 1;
      const { body, inject } = versions.get(page.key);
      const headers = { "content-type": CONTENT_TYPES[page.format], "cache-control": "no-store" };
      if (page.noise.length === 0 || inject < 0) {
        response.writeHead(200, { ...headers, "content-length": body.length });
        response.end(body);
        return;
      }
      const fragment = Buffer.from(noiseFragment(page.format, page.noise, page.served, page.index), "utf8");
      response.writeHead(200, { ...headers, "content-length": body.length + fragment.length });
      response.write(body.subarray(0, inject));
      response.write(fragment);
      response.end(body.subarray(inject));
    });
    server.keepAliveTimeout = 30_000;
    servers.push(server);
    ports.push(await listen(server, `127.0.0.${host}`));
  }
  const urls = pages.map(
    (page) => `http://127.0.0.${page.host}:${ports[page.host - 1]}${encodeURI(page.path)}`,
  );

  const truths: PageTruth[][] = [
    pages.map((page) => ({
      index: page.index,
      url: urls[page.index],
      file: page.entry.file,
      changed: null,
      mutation: null,
      noise: page.noise,
    })),
  ];

  function nextRound(): number {
    const round = truths.length;
    const wanted = Math.round(count * changedShare);
    const truth = truths[0].map((row) => ({ ...row }));
    let changed = 0;
    for (const page of shuffled(pages, next)) {
      if (changed >= wanted) break;
      const mutations = MUTATIONS[page.format];
      const offset = (page.index + round) % mutations.length;
      for (let i = 0; i < mutations.length; i += 1) {
        const mutation = mutations[(offset + i) % mutations.length];
        const key = versions.mutate(page.key, page.entry, mutation);
        if (key === null) continue;
        page.key = key;
        truth[page.index].changed = mutation.expected;
        truth[page.index].mutation = mutation.name;
        changed += 1;
        break;
      }
    }
    truths.push(truth);
    return round;
  }

  return {
    urls,
    round: () => truths.length - 1,
    nextRound,
    truth: (round) => {
      const truth = truths[round];
      if (!truth) throw new Error(`No round ${round}: the workload is at round ${truths.length - 1}.`);
      return truth;
    },
    requests: () => served,
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}
