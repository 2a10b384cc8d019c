#!/usr/bin/env -S node --max-old-space-size=512 --max-semi-space-size=8 --no-liftoff
// The one `changeradar` command. TypeScript sources run through tsx, so no build step is needed.
//
// Run as a command (`changeradar serve`, or this file as an executable), the line above caps the heap:
// under 1 GB V8 also grows it by a smaller factor, so garbage is collected long before the cap (a busy
// `serve` kept 2–3 times its live heap before). --no-liftoff compiles the embedded database's WebAssembly
// once, optimised, instead of twice (baseline code then optimised code): less memory, the same speed.
import { register } from "tsx/esm/api";

register();
await import("../src/cli.ts");
