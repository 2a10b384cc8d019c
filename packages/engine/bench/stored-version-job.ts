/**
 * The engine's work in a check that parses a page which has a stored version, by part, as the worker's
 * `extractAndCompare` job does it: extract the body (decoded in pieces, as fetched), read the stored
 * version, compare, and for a changed page write the new version for the store. Over the corpus's HTML
 * pages, each once unchanged and once with one real change from the mutation suite. Prints, per job and
 * part, the milliseconds and the minor page faults (4 KB pages touched for the first time), and the stored
 * JSON's mean size next to the snapshot's own JSON.
 *   taskset -c 0 node --import tsx bench/stored-version-job.ts        (BENCH_PASSES, default 3)
 * With the `changeradar` command's malloc settings (its first line) it sees what `serve`'s workers see.
 */
import { watchKinds } from "@changeradar/contracts";
import { compareSnapshots } from "../src/compare";
import { extractSnapshotSync } from "../src/extract";
import { encodeSnapshot, type PackedSnapshot, unpackSnapshot } from "../src/pool";
import { decodedInput } from "../src/pool/jobs";
import { htmlCorpusEntries, readCorpusPage } from "../test/compare/mutations/corpus";
import { realHtmlMutations } from "../test/compare/mutations/real-html";

const PASSES = Number(process.env.BENCH_PASSES ?? 3);
const watch = [...watchKinds];
const parts = ["extract", "unpack", "compare", "encode"] as const;
type Part = (typeof parts)[number];

interface Case {
  url: string;
  unchanged: Buffer;
  changed: Buffer | null;
  stored: PackedSnapshot;
}

const cases: Case[] = [];
let plainBytes = 0;
let storedBytes = 0;
let gzipBytes = 0;
for (const entry of htmlCorpusEntries()) {
  const page = readCorpusPage(entry);
  const html = page.input.text as string;
  const snapshot = extractSnapshotSync({ ...page.input, bytes: undefined });
  let changed: string | null = null;
  for (const mutation of realHtmlMutations) {
    changed = mutation.apply(html, snapshot, page);
    if (changed !== null) break;
  }
  const encoded = encodeSnapshot(snapshot);
  cases.push({
    url: page.input.url,
    unchanged: Buffer.from(html),
    changed: changed === null ? null : Buffer.from(changed),
    stored: { json: encoded.gzip, encoding: "gzip" },
  });
  plainBytes += Buffer.byteLength(JSON.stringify(snapshot));
  storedBytes += encoded.size;
  gzipBytes += encoded.gzip.byteLength;
}

const faults = () => process.resourceUsage().minorPageFault;

function measure(kind: "unchanged" | "changed") {
  const ms: Record<Part, number> = { extract: 0, unpack: 0, compare: 0, encode: 0 };
  const faulted: Record<Part, number> = { extract: 0, unpack: 0, compare: 0, encode: 0 };
  let jobs = 0;
  let changes = 0;
  let at = 0;
  let faultsAt = 0;
  const start = () => {
    at = performance.now();
    faultsAt = faults();
  };
  const end = (part: Part) => {
    ms[part] += performance.now() - at;
    faulted[part] += faults() - faultsAt;
    start();
  };
  for (let pass = 0; pass < PASSES; pass++) {
    for (const page of cases) {
      const body = kind === "unchanged" ? page.unchanged : page.changed;
      if (body === null) continue;
      // A fresh copy each time, as a fetch hands the worker its own bytes.
      const bytes = new Uint8Array(body);
      start();
      const input = decodedInput({
        url: page.url,
        contentType: "text/html",
        contentTypeHeader: "text/html; charset=utf-8",
        bytes,
      });
      const snapshot = extractSnapshotSync(input);
      end("extract");
      const previous = unpackSnapshot(page.stored);
      end("unpack");
      const result = compareSnapshots(previous, snapshot, { watch });
      end("compare");
      if (result.changed || result.flipFlop) {
        encodeSnapshot(snapshot);
        changes++;
      }
      end("encode");
      jobs++;
    }
  }
  const perJob = (values: Record<Part, number>, digits: number) =>
    Object.fromEntries(parts.map((part) => [part, Number((values[part] / jobs).toFixed(digits))]));
  return { jobs, changes, msPerJob: perJob(ms, 3), pageFaultsPerJob: perJob(faulted, 1) };
}

const kb = (bytes: number) => Number((bytes / cases.length / 1024).toFixed(1));
process.stdout.write(
  `${JSON.stringify({
    pages: cases.length,
    passes: PASSES,
    meanKb: { snapshotJson: kb(plainBytes), storedJson: kb(storedBytes), storedGzip: kb(gzipBytes) },
    unchanged: measure("unchanged"),
    changed: measure("changed"),
  })}\n`,
);
