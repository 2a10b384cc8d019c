/** The shared corpus of saved pages (../shared/corpus), read like fetched responses. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type SavedPageInput, savedPageInput } from "../../../src/cli/saved-page";

export const CORPUS_DIR = process.env.CORPUS_DIR ?? "/work/shared/corpus";
export const CATEGORIES = ["product", "article", "listing", "json", "text"] as const;

export interface CorpusPage {
  file: string;
  category: (typeof CATEGORIES)[number];
  bytes: number;
  input: SavedPageInput;
}

function pageUrls(): Map<string, string> {
  const urls = new Map<string, string>();
  for (const line of readFileSync(join(CORPUS_DIR, "truth.jsonl"), "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const row = JSON.parse(line) as { file: string; url?: string | null };
    if (row.url) urls.set(row.file, row.url);
  }
  return urls;
}

export interface CorpusEntry {
  file: string;
  category: CorpusPage["category"];
  url: string;
}

/** The corpus files without reading them (the benchmark reads one page at a time). */
export function corpusEntries(): CorpusEntry[] {
  const urls = pageUrls();
  return CATEGORIES.flatMap((category) =>
    readdirSync(join(CORPUS_DIR, category))
      .sort()
      .map((name) => {
        const file = `${category}/${name}`;
        return { file, category, url: urls.get(file) ?? `https://corpus.example/${file}` };
      }),
  );
}

/** The corpus's HTML pages (products, articles, listings): every entry but the JSON and plain-text ones. */
export function htmlCorpusEntries(): CorpusEntry[] {
  return corpusEntries().filter((entry) => entry.category !== "json" && entry.category !== "text");
}

export function readCorpusPage(entry: CorpusEntry): CorpusPage {
  const bytes = new Uint8Array(readFileSync(join(CORPUS_DIR, entry.file)));
  return {
    file: entry.file,
    category: entry.category,
    bytes: bytes.byteLength,
    input: savedPageInput(entry.file, bytes, entry.url),
  };
}

export function loadCorpus(): CorpusPage[] {
  return corpusEntries().map(readCorpusPage);
}
