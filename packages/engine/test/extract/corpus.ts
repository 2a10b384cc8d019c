import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ExtractInput } from "../../src/extract";
import { decodeText } from "../../src/fetch";

/** The shared page corpus (../shared/corpus from the repository root). */
export const corpusDir = join(import.meta.dirname, "../../../../../shared/corpus");

export interface CorpusPage {
  file: string;
  category: "product" | "article" | "listing" | "json" | "text";
  url: string | null;
  /** The shop or site a page comes from ("amazon" for every amazon.* file). */
  site_group?: string;
  truth?: { price: string; currency: string; availability: string };
  must_contain?: string[];
  must_not_contain?: string[];
  notes?: string;
}

export function corpusPages(): CorpusPage[] {
  // The notes column (truth source, caveats, DECOY marks) is kept in MANIFEST.tsv only.
  const notes = new Map<string, string>();
  for (const line of readFileSync(join(corpusDir, "MANIFEST.tsv"), "utf8").split("\n").slice(1)) {
    const cells = line.split("\t");
    if (cells[0] && cells[8]) notes.set(cells[0], cells[8]);
  }
  return readFileSync(join(corpusDir, "truth.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const page = JSON.parse(line) as CorpusPage;
      return { ...page, notes: page.notes ?? notes.get(page.file) };
    });
}

const mediaTypes: Record<string, string> = { json: "application/json", txt: "text/plain" };

/** A corpus page as the fetch layer would hand it over: decoded with the page's own charset. */
export function corpusInput(page: CorpusPage): ExtractInput & { text: string } {
  const bytes = new Uint8Array(readFileSync(join(corpusDir, page.file)));
  const extension = page.file.split(".").pop() ?? "";
  const contentType = mediaTypes[extension] ?? "text/html";
  const { text } = decodeText(bytes, contentType);
  const site = page.file.split("/")[1]?.split("__")[0] ?? "example.com";
  return { url: page.url ?? `https://${site}/`, contentType, text, bytes };
}
