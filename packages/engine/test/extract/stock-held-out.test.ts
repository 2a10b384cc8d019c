import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { extractSnapshotSync } from "../../src/extract";

/**
 * Held-out stock lines and buy-box states in 20+ languages, written for issue 10 apart from the rules and
 * measured before any was changed for them: stock lines, buy and notify buttons, partly disabled size
 * choices, channel-only statements, and conflicting evidence ("unknown"). stock-lines-held-out.tsv holds
 * rounds 1 and 2; stock-held-out-3.tsv round 3 (negated in-stock words, zero counts, a status said by class,
 * size buttons labelled sold out, structured data for and against the visible page); stock-held-out-4.tsv round 4,
 * written after round 3 was tuned on to judge its rules on new phrasings, and lines holding a "no" or
 * "without" that must stay in stock; stock-held-out-5.tsv round 5, written after round 4 was tuned on.
 */
const readRows = (file: string) =>
  readFileSync(join(import.meta.dirname, file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"))
    .map((line) => {
      const [fragment, lang, expected, family] = line.split("\t") as [string, string, string, string];
      return { fragment, lang, accepted: expected.split("/"), family };
    });

const available = new Set(["in_stock", "limited"]);

function availabilityOf(fragment: string, lang: string, index: number): string {
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Product ${index + 1}</title></head>
    <body><h1>Product ${index + 1}</h1><div class="price">19,99 €</div>${fragment}</body></html>`;
  return extractSnapshotSync({
    url: `https://shop.example.com/p/${index + 1}`,
    contentType: "text/html",
    text: html,
  }).availability;
}

describe.each([
  { file: "stock-lines-held-out.tsv", minRows: 200 },
  { file: "stock-held-out-3.tsv", minRows: 100 },
  { file: "stock-held-out-4.tsv", minRows: 45 },
  { file: "stock-held-out-5.tsv", minRows: 40 },
])("held-out stock lines ($file), each in the buy box of a product page", ({ file, minRows }) => {
  const rows = readRows(file);

  it(`covers ${minRows}+ lines in 20+ languages`, () => {
    expect(rows.length).toBeGreaterThanOrEqual(minRows);
    expect(new Set(rows.map((r) => r.lang.split("-")[0])).size).toBeGreaterThanOrEqual(20);
  });

  it("reads the availability, and never the opposite side", () => {
    let right = 0;
    const misses: string[] = [];
    const opposite: string[] = [];
    rows.forEach(({ fragment, lang, accepted, family }, i) => {
      const got = availabilityOf(fragment, lang, i);
      if (accepted.includes(got)) right++;
      else misses.push(`[${family}] ${fragment} (${lang}): want ${accepted.join("/")}, got ${got}`);
      const wantAvailable = accepted.some((a) => available.has(a));
      const wantOut = accepted.includes("out_of_stock");
      if ((wantAvailable && got === "out_of_stock") || (wantOut && available.has(got)))
        opposite.push(`[${family}] ${fragment}: want ${accepted.join("/")}, got ${got}`);
    });
    console.log(
      `held-out stock lines (${file}): ${rows.length}; right ${((100 * right) / rows.length).toFixed(1)}%, opposite side ${opposite.length}`,
    );
    for (const miss of misses) console.log(`  miss: ${miss}`);
    expect(opposite).toEqual([]);
    expect(right / rows.length).toBeGreaterThanOrEqual(0.95);
  });
});
