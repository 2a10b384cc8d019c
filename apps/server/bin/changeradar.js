#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --max-old-space-size=512 --max-semi-space-size=8 --no-liftoff
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
