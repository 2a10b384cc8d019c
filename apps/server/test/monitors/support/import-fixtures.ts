import { readFileSync } from "node:fs";
import { join } from "node:path";
import { zipSync } from "fflate";

/** Import files written from each tool's documented format; {{BASE}} stands for the test page server. */
const folder = join(import.meta.dirname, "../fixtures/import");

export function importFixture(name: string, base: string): string {
  return readFileSync(join(folder, name), "utf8").replaceAll("{{BASE}}", base);
}

/**
 * A changedetection.io backup as its "Backup" button makes it: a zip of url-watches.json, secret.txt and
 * each watch's snapshot history (a folder per watch uuid holding history.txt and the snapshots).
 */
export function changedetectionBackup(base: string, index = "url-watches.json"): Buffer {
  const encode = (text: string) => new TextEncoder().encode(text);
  const watch = "3f0c8b52-95c4-4f8e-8a77-2d1b9b3d6c01";
  return Buffer.from(
    zipSync({
      "url-watches.json": encode(importFixture(index, base)),
      "secret.txt": encode("5fce75c64d33acf05d2d3b21d29e693d"),
      [`${watch}/history.txt`]: encode(`1718003600,${watch}/1718003600.txt\n`),
      [`${watch}/1718003600.txt`]: encode("Acme Anvil\n$24.99\nIn stock\n"),
      "url-list.txt": encode(`${base}/shop/anvil\n${base}/releases\n`),
    }),
  );
}
