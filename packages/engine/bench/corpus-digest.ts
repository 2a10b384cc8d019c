/**
 * One digest of everything the engine makes of the corpus: every page's snapshot (extractSnapshotSync,
 * JSON and text pages included) and the comparison of each page with the one before it (every watch kind).
 * A speed change must leave it unchanged.   npx tsx bench/corpus-digest.ts
 */
import { createHash } from "node:crypto";
import { watchKinds } from "@changeradar/contracts";
import { compareSnapshots } from "../src/compare";
import { extractSnapshotSync } from "../src/extract";
import type { Snapshot } from "../src/snapshot";
import { corpusEntries, readCorpusPage } from "../test/compare/mutations/corpus";

const watch = [...watchKinds];
const hash = createHash("sha256");
let previous: Snapshot | null = null;
let pages = 0;
for (const entry of corpusEntries()) {
  const page = readCorpusPage(entry);
  let snapshot: Snapshot;
  try {
    snapshot = extractSnapshotSync({ ...page.input, bytes: undefined });
  } catch (error) {
    hash.update(`${entry.file}\terror\t${(error as Error).message}\n`);
    continue;
  }
  hash.update(`${entry.file}\t${JSON.stringify(snapshot)}\n`);
  if (previous !== null) hash.update(`${JSON.stringify(compareSnapshots(previous, snapshot, { watch }))}\n`);
  hash.update(`${JSON.stringify(compareSnapshots(snapshot, snapshot, { watch }))}\n`);
  previous = snapshot;
  pages++;
}
process.stdout.write(`${JSON.stringify({ pages, digest: hash.digest("hex").slice(0, 16) })}\n`);
