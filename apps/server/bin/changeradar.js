#!/usr/bin/env node
// The one `changeradar` command. TypeScript sources run through tsx, so no build step is needed.
import { register } from "tsx/esm/api";

register();
await import("../src/cli.ts");
