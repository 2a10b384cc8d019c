import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/helpers/global-setup.ts"],
    testTimeout: 30_000,
    // beforeAll copies the run's template database per file; starting PGlite is still slow on busy cores.
    hookTimeout: 120_000,
    // Files share a worker's module graph instead of importing the whole server again each (import time
    // 150-250 s → 24 s). Safe because no server test mocks modules, stubs globals or changes process.env:
    // every file builds its own app, database and servers.
    isolate: false,
  },
});
