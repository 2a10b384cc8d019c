#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --max-old-space-size=512 --max-semi-space-size=4 --no-liftoff
// The one `changeradar` command. It runs the bundle in dist/ (`npm run build`, also part of `npm start`)
// when that was built from the sources as they are now; otherwise it runs the TypeScript sources through
// tsx, as in development, and says so on stderr: it never runs stale code.
//
// Run as a command (`changeradar serve`, or this file as an executable), the line above caps the heap:
// under 1 GB V8 also grows it by a smaller factor, so garbage is collected long before the cap (a busy
// `serve` kept 2–3 times its live heap before). --no-liftoff compiles the embedded database's WebAssembly
// once, optimised, instead of twice (baseline code then optimised code): less memory, the same speed.
// MALLOC_ARENA_MAX=2: glibc gives each thread (the engine's worker, libuv's pool gzipping and reading files)
// a malloc arena of its own whose freed memory stays resident; with two, the serve benchmark's peak RSS at
// 500 monitors was 3–19 MB lower per pass, at the same CPU time per check.
// MALLOC_MMAP_THRESHOLD_=131072: a block over 128 KB (a page's body, a blob being compressed) is mapped on its
// own and given back when freed; by default glibc raises that threshold after the first such free, and later
// bodies are carved from the heap, which then stays at its high-water mark. --max-semi-space-size=4: the young
// generation's two halves at 4 MB (was 8). Each cut the serve benchmark's peak RSS at 500 monitors (the
// baseline pass: 331 -> 316 MB with the threshold, -> 299 MB with 4 MB halves, measured beside a 256 MB old
// space that was not kept).
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
