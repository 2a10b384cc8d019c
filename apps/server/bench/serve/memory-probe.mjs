/**
 * Loaded with `--import` into each server process of the serve benchmark: samples the main thread's view
 * of memory (process.memoryUsage) every 200 ms and writes, to BENCH_MEMORY_DIR/<pid>.json, the sample taken
 * at the peak RSS and the peak of each field. Worker threads' heaps and PGlite's WebAssembly code and
 * memory are in RSS but not in heapTotal: "other" is what neither the main heap nor `external` explains.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.env.BENCH_MEMORY_DIR;
if (dir) {
  const file = join(dir, `${process.pid}.json`);
  const mb = (bytes) => Math.round(bytes / 104857.6) / 10;
  let atPeak = null;
  const peaks = { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  let dirty = false;
  const sample = () => {
    const usage = process.memoryUsage();
    for (const key of Object.keys(peaks)) peaks[key] = Math.max(peaks[key], usage[key]);
    if (!atPeak || usage.rss > atPeak.rss) {
      atPeak = usage;
      dirty = true;
    }
  };
  const write = () => {
    if (!dirty || !atPeak) return;
    dirty = false;
    const shape = (usage) => ({
      rssMb: mb(usage.rss),
      heapTotalMb: mb(usage.heapTotal),
      heapUsedMb: mb(usage.heapUsed),
      externalMb: mb(usage.external),
      arrayBuffersMb: mb(usage.arrayBuffers),
    });
    writeFileSync(file, JSON.stringify({ atPeak: shape(atPeak), peaks: shape(peaks) }));
  };
  setInterval(sample, 200).unref();
  setInterval(write, 1000).unref();
  process.on("exit", () => {
    sample();
    dirty = true;
    write();
  });
}
