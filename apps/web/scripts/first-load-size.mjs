// Sums the gzip size of the JavaScript a visitor downloads to show the landing page: the entry chunk,
// the landing route's lazy chunk, and every chunk they import statically. Run after `vite build`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = new URL("../dist/", import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
const budgetKb = 200;

const files = new Set();
function collect(key) {
  const entry = manifest[key];
  if (!entry || files.has(entry.file)) return;
  files.add(entry.file);
  for (const imported of entry.imports ?? []) collect(imported);
}
collect("index.html");
// The landing route is one of the entry's lazy imports; Rollup may key it by chunk name.
const landingKey = manifest["index.html"].dynamicImports.find((key) => key.includes("landing-page"));
if (!landingKey) throw new Error("The landing page chunk is missing from the build manifest.");
collect(landingKey);

let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
}
const totalKb = total / 1024;
console.log(
  `${totalKb.toFixed(1).padStart(8)} KB  landing first-load JavaScript, gzipped (budget ${budgetKb} KB)`,
);
if (totalKb >= budgetKb) process.exitCode = 1;
