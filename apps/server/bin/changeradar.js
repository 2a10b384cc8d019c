#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=4194304 MALLOC_TRIM_THRESHOLD_=4194304 node --max-old-space-size=512 --max-semi-space-size=8 --no-liftoff
// The one `changeradar` command. It runs the bundle in dist/ (`npm run build`, also part of `npm start`)
// when that was built from the sources as they are now; otherwise it runs the TypeScript sources through
// tsx, as in development, and says so on stderr: it never runs stale code.
//
// Run as a command (`changeradar serve`, or this file as an executable), the line above caps the heap:
// under 1 GB V8 also grows it by a smaller factor, so garbage is collected long before the cap (a busy
// `serve` kept 2–3 times its live heap before). --no-liftoff compiles the embedded database's WebAssembly
// once, optimised, instead of twice (baseline code then optimised code): less memory, the same speed.
// Measured and left out (serve benchmark, 2 cores): --single-threaded-gc (+15% checks/s at 500 monitors,
// but +22 MB there, and at 10,000 the same rate for +39 MB, over the 350 MB aim); with it,
// --max-semi-space-size=16 (+4%, +35 MB).
// MALLOC_ARENA_MAX=2: glibc gives each thread (the engine's worker, libuv's pool gzipping and reading files)
// a malloc arena of its own whose freed memory stays resident; with two, the serve benchmark's peak RSS at
// 500 monitors was 3–19 MB lower per pass, at the same CPU time per check.
// MALLOC_MMAP_THRESHOLD_ fixed at 4 MB: a block under it (a page body joined from its socket reads, a
// compression buffer) comes from malloc's heap and reuses memory freed there, instead of a mapping of its own
// that is faulted in page by page and unmapped when freed. At 128 KB (glibc's default), copying bodies into
// fresh mappings was a tenth of the main thread's busy time. Serve benchmark, PGlite, 500 monitors, nine runs
// of each, alternating: CPU per check 0.0181 against 0.0197 (main thread 0.0065 against 0.0076), minor faults
// 76 against 102 thousand a run, peak RSS 287.5 against 282.7 MB. Not left dynamic: glibc then raises it to
// the largest block freed (up to 32 MB), and its heap's high-water mark stays resident (41-58 MB at the
// benchmark's peaks, against 27.5-38 fixed at 128 KB).
// MALLOC_TRIM_THRESHOLD_ 4 MB (glibc's default, 128 KB, is kept fixed by the line above): up to 4 MB freed
// at the top of an arena stays mapped for the next allocations instead of going back to the system and being
// faulted in again page by page (~14 µs a 4 KB page on a virtual machine). Serve benchmark, PGlite, 500
// monitors, four alternating pairs: 8-23% fewer page faults (283-339 thousand against 337-495 per run),
// 2-15% less CPU per check in each pair, peak RSS the same (297-307 MB both).
import { bundleState, distUrl } from "./build-info.mjs";

const state = bundleState();
if (state === "fresh") {
  await import(new URL("cli.js", distUrl).href);
} else {
  process.stderr.write(
    `changeradar: running the TypeScript sources through tsx (the build in apps/server/dist is ${state}; \`npm run build\` makes it current)\n`,
  );
  const { register } = await import("tsx/esm/api");
  register();
  await import("../src/cli.ts");
}
