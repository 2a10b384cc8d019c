/**
 * The engine next to the bare parser, on the same pages (the corpus's HTML pages), one core, in one
 * process: extract + compare (every watch kind, against the page's own previous snapshot: the common
 * unchanged path) and htmlparser2's Tokenizer with callbacks that do nothing. Prints one JSON object:
 * pages/s on the median page (1000 / median ms) and over all pages, for each, plus their ratio; and the
 * layers in between (each adds one stage to the one before), which show where the engine's time per page goes;
 * and the engine from the body's bytes, decoded first as in a check.
 */
import { watchKinds } from "@changeradar/contracts";
import { Parser, Tokenizer } from "htmlparser2";
import { compareSnapshots } from "../src/compare";
import { extractSnapshotSync } from "../src/extract";
import { parseCapped } from "../src/extract/html/parse-capped";
import { parseAndWalk } from "../src/extract/html/parse-walk";
import { decodedInput } from "../src/pool/jobs";
import { htmlCorpusEntries, readCorpusPage } from "../test/compare/mutations/corpus";

const PASSES = Number(process.env.BENCH_PASSES ?? 3);
const watch = [...watchKinds];
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

const noop = () => {};
const callbacks = new Proxy({}, { get: () => noop }) as ConstructorParameters<typeof Tokenizer>[1];

function tokenize(text: string): void {
  const tokenizer = new Tokenizer({}, callbacks);
  tokenizer.write(text);
  tokenizer.end();
}

const pages = htmlCorpusEntries().map((entry) => readCorpusPage(entry));
const previous = pages.map((page) => {
  const snapshot = extractSnapshotSync({ ...page.input, bytes: undefined });
  compareSnapshots(snapshot, snapshot, { watch });
  return snapshot;
});
for (const page of pages) tokenize(page.input.text);

function measure(work: (index: number) => void) {
  const perPage: number[] = [];
  let total = 0;
  for (let pass = 0; pass < PASSES; pass += 1) {
    for (let i = 0; i < pages.length; i += 1) {
      const t0 = performance.now();
      work(i);
      const ms = performance.now() - t0;
      perPage.push(ms);
      total += ms;
    }
  }
  perPage.sort((a, b) => a - b);
  const median = perPage[Math.floor(perPage.length / 2)];
  return {
    medianMs: round(median, 3),
    medianPagePerSecond: round(1000 / median),
    pagesPerSecond: round((perPage.length / total) * 1000),
  };
}

const engine = measure((i) => {
  const next = extractSnapshotSync({ ...pages[i].input, bytes: undefined });
  compareSnapshots(previous[i], next, { watch });
});
/** As a check runs it: from the body's bytes, decoded (in pieces) where they are extracted. */
const fromBytes = measure((i) => {
  const { url, contentType, bytes } = pages[i].input;
  const input = decodedInput({
    url,
    contentType,
    contentTypeHeader: contentType,
    bytes: bytes as Uint8Array,
  });
  compareSnapshots(previous[i], extractSnapshotSync({ ...input, bytes: undefined }), { watch });
});
const tokenizer = measure((i) => tokenize(pages[i].input.text));
const layers = {
  /** Elements opened with their attributes and closed (implied closes too), no tree. */
  parser: measure((i) => new Parser({ onopentag: noop }).end(pages[i].input.text)),
  /** The tree the walk and the extraction read (domhandler, capped). */
  tree: measure((i) => parseCapped(pages[i].input.text)),
  /** The tree and the page's facts, gathered from the parser's events (lines, paths, prices, controls…). */
  walk: measure((i) => parseAndWalk(pages[i].input.text)),
  /** The snapshot: the walk, then price, stock, items, images and structure read from its facts. */
  extract: measure((i) => extractSnapshotSync({ ...pages[i].input, bytes: undefined })),
};
const sizes = pages.map((page) => page.bytes).sort((a, b) => a - b);

process.stdout.write(
  `${JSON.stringify({
    pages: pages.length,
    passes: PASSES,
    medianPageKb: round(sizes[Math.floor(sizes.length / 2)] / 1024),
    engineExtractCompare: engine,
    engineFromBytes: fromBytes,
    bareTokenizer: tokenizer,
    layers,
    engineShareOfTokenizer: round(engine.medianPagePerSecond / tokenizer.medianPagePerSecond, 3),
  })}\n`,
);
