import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { corpusDir } from "./corpus";

/**
 * No rule, table or constant in the engine may name a site of the corpus: what is tuned on these pages has
 * to hold on shops never seen. The names come from the corpus itself: the site of every file (the prefix of
 * its name before "__", e.g. "product/amazon.de__…" → "amazon.de") reduced to its name stem ("amazon",
 * "k-rauta"; truth.jsonl's site_group). A stem is flagged where it appears as a whole word (no letter or
 * digit on either side, any case) in packages/engine/src, also with its hyphen removed ("krauta").
 *
 * Left out, so that the test flags names rather than vocabulary: stems under four letters ("1k", "olx",
 * "bbc": too likely inside other tokens), and stems that are ordinary words or web-platform vocabulary the
 * engine must be free to use — listed below with the reason for each.
 */
const ordinaryWords: Record<string, string> = {
  example: "the reserved example domain of RFC 2606, used in docs and tests",
  time: "English word",
  reset: "English word (CSS reset, form reset)",
  paris: "city name, appears in text and time zones",
  chip: "English word",
  haus: "German word (house)",
  bund: "German word (federation), also a plain noun",
  otto: "given name and German word",
  parallels: "English word",
  rejuvenation: "English word",
  bestseller: "English and German word used by shops for badges",
  overstock: "English word",
  twitter: "web-platform vocabulary: the twitter:card / twitter:label meta names pages carry",
  mozilla: "web-platform vocabulary: the Mozilla/5.0 token every browser User-Agent starts with",
  google: "web-platform vocabulary: Googlebot, Google Chrome, schema documentation",
  wordpress: "web-platform vocabulary: a CMS whose markup conventions (wp-*) are generic",
  blogspot: "web-platform vocabulary: a blog host",
  wikipedia: "reference to the encyclopedia, not a shop",
  stackoverflow: "reference in comments, not a shop",
  reuters: "news agency name in article bylines",
};

interface Site {
  file: string;
  stem: string;
}

function corpusSites(): Site[] {
  const lines = readFileSync(join(corpusDir, "MANIFEST.tsv"), "utf8").split("\n").slice(1);
  const groups = new Map<string, string>();
  for (const line of readFileSync(join(corpusDir, "truth.jsonl"), "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const entry = JSON.parse(line) as { file: string; site_group?: string };
    if (entry.site_group) groups.set(entry.file, entry.site_group);
  }
  const sites: Site[] = [];
  for (const line of lines) {
    const file = line.split("\t")[0];
    if (!file) continue;
    const prefix = file.split("/")[1]?.split("__")[0] ?? "";
    const labels = prefix.toLowerCase().split(".");
    // The stem is the corpus's own site group; it must be one of the file prefix's labels.
    const stem = (groups.get(file) ?? labels[0] ?? "").toLowerCase();
    if (labels.includes(stem)) sites.push({ file, stem });
  }
  return sites;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.(?:ts|js|json|tsv|txt)$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whole-word occurrences of any of the names, in any case. Identifiers count as split at case changes, so
 * "zaraPrice" and "isZara" name the site, while "bazaar" or "amazonaws" do not.
 */
function namesIn(text: string, names: string[]): string[] {
  const pattern = new RegExp(names.map(escapeRegex).join("|"), "gi");
  const found: string[] = [];
  for (const m of text.matchAll(pattern)) {
    const before = text[m.index - 1] ?? "";
    const after = text[m.index + m[0].length] ?? "";
    const first = m[0][0] as string;
    const startsWord = !/[a-z0-9]/i.test(before) || (/[a-z0-9]/.test(before) && /[A-Z]/.test(first));
    const endsWord = !/[a-z0-9]/.test(after);
    if (startsWord && endsWord) found.push(m[0]);
  }
  return found;
}

describe("the engine names no site of the corpus", () => {
  const sites = corpusSites();
  const stems = [...new Set(sites.map((s) => s.stem))].filter(
    (stem) => stem.replace(/[^a-z]/g, "").length >= 4 && ordinaryWords[stem] === undefined,
  );

  it("derives the site names from the corpus file names", () => {
    expect(sites.length).toBeGreaterThanOrEqual(200);
    expect(stems.length).toBeGreaterThanOrEqual(80);
    for (const known of ["amazon", "zara", "ikea", "k-rauta", "leroymerlin"]) expect(stems).toContain(known);
  });

  const forms = stems.flatMap((stem) => (stem.includes("-") ? [stem, stem.replace(/-/g, "")] : [stem]));

  it("finds none of them as a word in packages/engine/src", () => {
    const found: string[] = [];
    for (const file of sourceFiles(join(import.meta.dirname, "../../src"))) {
      for (const name of namesIn(readFileSync(file, "utf8"), forms))
        found.push(`${file.split("/src/")[1]}: ${name}`);
    }
    expect(found).toEqual([]);
  });

  it("would catch a site name written into a rule, and leaves longer words alone", () => {
    expect(namesIn('if (host.endsWith("amazon.de")) return null;', forms)).toEqual(["amazon"]);
    expect(namesIn("const zaraPrice = 1; const isIkea = true;", forms)).toEqual(["zara", "Ikea"]);
    expect(namesIn("// a rule keyed to Zara's markup, K-Rauta and KRAUTA", forms)).toEqual([
      "Zara",
      "K-Rauta",
      "KRAUTA",
    ]);
    expect(namesIn("bazaar amazonaws zaras", forms)).toEqual([]);
  });
});
