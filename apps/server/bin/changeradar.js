#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=4194304 node --max-old-space-size=512 --max-semi-space-size=8 --no-liftoff
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
// MALLOC_MMAP_THRESHOLD_ fixed at glibc's default (128 KB): left dynamic, glibc raises it to the largest
// block freed (up to 32 MB), and later large blocks (page bodies, compression buffers) are carved from
// malloc's heap, which keeps its high-water mark resident.
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
