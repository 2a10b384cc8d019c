import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    // beforeAll starts a fresh database per file: PGlite's initdb is slow when every core is busy.
    hookTimeout: 120_000,
  },
});
