import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "engine",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share a worker's module graph instead of importing the engine (and its tables) again each:
    // no engine test mocks modules, stubs globals or changes process.env.
    isolate: false,
  },
});
