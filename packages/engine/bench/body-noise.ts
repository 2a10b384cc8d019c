/**
 * Noise in the bytes (src/body-noise.ts) on noise it was not built against: kinds the serve workload's
 * generator (bench/workload/noise.ts) does not make, injected into the corpus's HTML pages. Per page and
 * kind: two back-to-back reads learn the tokens; a third read with new noise should hash like the first
 * (a parse saved); reads with one real edit each (a character changed in a random word of the page)
 * must never hash like it (a change missed). Prints ONE JSON object.
 *   npx tsx packages/engine/bench/body-noise.ts
 */
import { bodyHash, learnVolatileTokens } from "../src/body-noise";
import { corpusEntries, readCorpusPage } from "../test/compare/mutations/corpus";

const random = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const hex = (n: number) => ((n * 2654435761) % 2 ** 32).toString(16);

/**
 * Kinds absent from the workload's generator. The last one swaps two one-word items: two tokens close together,
 * learned as one cut (a reordering of items with other word counts is not).
 */
const kinds: Record<string, (n: number) => string> = {
  "request id attributes": (n) =>
    `<div id="app" data-request-id="${hex(n)}" data-render-ms="${n % 97}"></div>`,
  "view counter": (n) => `<p class="views">Viewed ${1000 + n * 13} times today</p>`,
  "asset hash in a path": (n) => `<script src="/static/${hex(n)}/app.js" defer></script>`,
  "state in a script": (n) =>
    `<script>window.__STATE__={"rid":"${hex(n)}","ts":${1_700_000_000 + n}}</script>`,
  "rotating recommendations": (n) =>
    n % 2 ? "<ul><li>Lamp</li><li>Desk</li></ul>" : "<ul><li>Desk</li><li>Lamp</li></ul>",
};

const pages = corpusEntries()
  .map((entry) => readCorpusPage(entry).input)
  .filter((input) => input.contentType.includes("html"));
const encoder = new TextEncoder();
const withNoise = (html: string, noise: string) => {
  const at = html.lastIndexOf("</body>");
  return encoder.encode(at < 0 ? html + noise : html.slice(0, at) + noise + html.slice(at));
};

const result: Record<
  string,
  { pages: number; learned: number; parsesSaved: number; edits: number; missed: number }
> = {};
const next = random(7);
for (const [kind, noise] of Object.entries(kinds)) {
  const counts = { pages: 0, learned: 0, parsesSaved: 0, edits: 0, missed: 0 };
  for (const page of pages) {
    const html = page.text ?? new TextDecoder().decode(page.bytes);
    counts.pages += 1;
    const tokens = learnVolatileTokens(withNoise(html, noise(1)), withNoise(html, noise(2)));
    if (!tokens || tokens.length === 0) continue;
    counts.learned += 1;
    const stored = bodyHash(withNoise(html, noise(1)), tokens);
    if (bodyHash(withNoise(html, noise(3)), tokens) === stored) counts.parsesSaved += 1;
    const words = [...html.matchAll(/[A-Za-z]{4,}/g)];
    for (let edit = 0; edit < 20 && words.length > 0; edit += 1) {
      const word = words[Math.floor(next() * words.length)] as RegExpMatchArray;
      const at = (word.index ?? 0) + 1;
      const edited = html.slice(0, at) + (html[at] === "x" ? "y" : "x") + html.slice(at + 1);
      counts.edits += 1;
      if (bodyHash(withNoise(edited, noise(4 + edit)), tokens) === stored) counts.missed += 1;
    }
  }
  result[kind] = counts;
}
console.log(JSON.stringify({ pages: pages.length, kinds: result }));
