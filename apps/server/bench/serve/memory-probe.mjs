/**
 * Loaded with `--import` into each server process of the serve benchmark: samples the main thread's view
 * of memory (process.memoryUsage) every 200 ms and writes, to BENCH_MEMORY_DIR/<pid>.json, the sample taken
 * at the peak RSS and the peak of each field. Worker threads' heaps and PGlite's WebAssembly code and
 * memory are in RSS but not in heapTotal: "other" is what neither the main heap nor `external` explains.
 * `external` counts a WebAssembly memory at its whole size, resident or not: at the peak the probe also reads
 * /proc/self/smaps for what is really resident of it (`wasmMb`), of mapped files (`fileMb`: node's own code)
 * and of malloc's main heap (`mallocHeapMb`).
 * Node runs `--import` in every worker thread too (the engine's): there memoryUsage() gives the worker's own
 * heap and the process's RSS, written to <pid>-thread<id>.json, so the main thread's file stays its own.
 * A worker thread also writes its Linux thread id to <pid>-worker<id>.tid at once, so the benchmark can read
 * its CPU time apart from the main thread's and from V8's and libuv's helper threads'.
 * Each thread also counts its heap's garbage collections since it started (`gc`: scavenges and
 * mark-compacts, and the milliseconds its thread was paused for each; V8's helper threads mark and sweep
 * beside that pause), so the benchmark can tell a pass's collections by thread.
 */
import { readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { constants, PerformanceObserver } from "node:perf_hooks";
import { isMainThread, threadId } from "node:worker_threads";

/** A WebAssembly memory is the read-write start of a reservation of several GB (its growth and guard pages). */
const WASM_RESERVATION = 4 * 1024 ** 3;

/** Resident bytes of WebAssembly memories, mapped files and malloc's [heap], from /proc/self/smaps. */
export function residentParts(smaps) {
  const parts = { wasm: 0, file: 0, mallocHeap: 0 };
  let previous = null;
  let current = null;
  for (const line of smaps.split("\n")) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (mapping) {
      previous = current;
      const [, start, end, perms, inode, name] = mapping;
      current = { start: BigInt(`0x${start}`), end: BigInt(`0x${end}`), perms, inode, name, rss: 0 };
      const size = current.end - current.start;
      if (
        previous &&
        perms === "---p" &&
        !name &&
        size >= WASM_RESERVATION &&
        previous.end === current.start &&
        previous.perms.startsWith("rw") &&
        !previous.name
      )
        parts.wasm += previous.rss;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss || !current) continue;
    current.rss = Number(rss[1]) * 1024;
    if (current.inode !== "0") parts.file += current.rss;
    else if (current.name === "[heap]") parts.mallocHeap += current.rss;
  }
  return parts;
}

const dir = process.env.BENCH_MEMORY_DIR;
if (dir) {
  const file = join(dir, isMainThread ? `${process.pid}.json` : `${process.pid}-thread${threadId}.json`);
  if (!isMainThread) {
    try {
      // "<pid>/task/<tid>"
      const tid = readlinkSync("/proc/thread-self").split("/").pop();
      writeFileSync(join(dir, `${process.pid}-worker${threadId}.tid`), String(tid));
    } catch {
      // Not Linux.
    }
  }
  const mb = (bytes) => Math.round(bytes / 104857.6) / 10;
  let atPeak = null;
  let partsAtPeak = null;
  let partsRss = 0;
  const peaks = { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  let dirty = false;
  const gc = { scavenges: 0, scavengeMs: 0, markCompacts: 0, markCompactMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = entry.detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        gc.scavenges += 1;
        gc.scavengeMs += entry.duration;
      } else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gc.markCompacts += 1;
        gc.markCompactMs += entry.duration;
      }
    }
    dirty = true;
  }).observe({ entryTypes: ["gc"] });
  const sample = () => {
    const usage = process.memoryUsage();
    for (const key of Object.keys(peaks)) peaks[key] = Math.max(peaks[key], usage[key]);
    // A worker thread keeps the sample at the peak of its own heap; the main thread, at the process's RSS peak.
    const key = isMainThread ? "rss" : "heapTotal";
    if (!atPeak || usage[key] > atPeak[key]) {
      atPeak = usage;
      dirty = true;
      // smaps is long (reading it was ~4% of a loaded serve's main thread at a 2 MB step, and counted in its
      // CPU per check): read again only when the peak has grown by 10 MB since.
      if (isMainThread && usage.rss > partsRss + 10 * 1024 * 1024) {
        try {
          partsAtPeak = residentParts(readFileSync("/proc/self/smaps", "utf8"));
          partsRss = usage.rss;
        } catch {
          // Not Linux.
        }
      }
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
    const resident = partsAtPeak
      ? {
          wasmMb: mb(partsAtPeak.wasm),
          fileMb: mb(partsAtPeak.file),
          mallocHeapMb: mb(partsAtPeak.mallocHeap),
        }
      : {};
    writeFileSync(
      file,
      JSON.stringify({
        atPeak: { ...shape(atPeak), ...resident },
        peaks: shape(peaks),
        gc: { ...gc, scavengeMs: Math.round(gc.scavengeMs), markCompactMs: Math.round(gc.markCompactMs) },
      }),
    );
  };
  setInterval(sample, 200).unref();
  setInterval(write, 1000).unref();
  process.on("exit", () => {
    sample();
    dirty = true;
    write();
  });
}
