import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/helpers/global-setup.ts"],
    testTimeout: 30_000,
    // beforeAll copies the run's template database per file; starting PGlite is still slow on busy cores.
    hookTimeout: 120_000,
  },
});
