#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --max-old-space-size=512 --max-semi-space-size=8 --no-liftoff --single-threaded-gc
// The one `changeradar` command. It runs the bundle in dist/ (`npm run build`, also part of `npm start`)
// when that was built from the sources as they are now; otherwise it runs the TypeScript sources through
// tsx, as in development, and says so on stderr: it never runs stale code.
//
// Run as a command (`changeradar serve`, or this file as an executable), the line above caps the heap:
// under 1 GB V8 also grows it by a smaller factor, so garbage is collected long before the cap (a busy
// `serve` kept 2–3 times its live heap before). --no-liftoff compiles the embedded database's WebAssembly
// once, optimised, instead of twice (baseline code then optimised code): less memory, the same speed.
// --single-threaded-gc: V8 collects each heap on the thread that owns it. With its helper threads marking
// and sweeping beside two busy threads (the main thread, the engine's worker) on a 2-core machine, the
// helper threads took over a quarter of all CPU time; done in place the collection costs far less. Serve
// benchmark (PGlite, N = 500, 6 and 7 interleaved runs): 72.0 checks/s against 63.3, 0.0202 CPU s per check
// against 0.0237, for a peak RSS of 321 MB against 299 (garbage is swept later); lag at 60 checks/s for 3
// minutes p99 59 ms against 86. With PostgreSQL (api + 2 workers) the rate was the same (77.9 and 77.4
// checks/s against 86.0 and 76.7) at ~30 MB more per worker.
// MALLOC_ARENA_MAX=2: glibc gives each thread (the engine's worker, libuv's pool gzipping and reading files)
// a malloc arena of its own whose freed memory stays resident; with two, the serve benchmark's peak RSS at
// 500 monitors was 3–19 MB lower per pass, at the same CPU time per check.
// MALLOC_MMAP_THRESHOLD_ fixed at glibc's default (128 KB): left dynamic, glibc raises it to the largest
// block freed (up to 32 MB), and later large blocks (page bodies, compression buffers) are carved from
// malloc's heap, which keeps its high-water mark resident.
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
