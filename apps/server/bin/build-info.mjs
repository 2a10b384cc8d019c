/**
 * Whether apps/server/dist was built from the sources as they are now. `npm run build` writes
 * dist/build-info.json: every source file esbuild bundled (paths relative to dist) and one sha-256 over
 * their contents. The command reads them again at start (about 300 small files, a few milliseconds) and runs
 * the bundle only if the hash still matches; an edited, added-and-imported or deleted source makes it stale.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

export const distUrl = new URL("../dist/", import.meta.url);
const infoUrl = new URL("build-info.json", distUrl);

/** One hash over the files' paths and contents, in the given order; null if one cannot be read. */
export function hashSources(files) {
  const hash = createHash("sha256");
  try {
    for (const file of files) {
      hash.update(`${file}\0`);
      hash.update(readFileSync(new URL(file, distUrl)));
    }
  } catch {
    return null;
  }
  return hash.digest("hex");
}

/** "fresh", or why the bundle must not run: "missing" (never built) or "stale" (sources changed since). */
export function bundleState() {
  let info;
  try {
    info = JSON.parse(readFileSync(infoUrl, "utf8"));
  } catch {
    return "missing";
  }
  return hashSources(info.sources) === info.sourcesSha256 ? "fresh" : "stale";
}
