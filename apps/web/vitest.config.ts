import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "web",
    environment: "jsdom",
    // The machine is shared; rendering MUI forms in jsdom can take seconds under load.
    testTimeout: 30_000,
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    setupFiles: ["./src/test/setup.ts"],
    // Files share a worker's module graph and jsdom instead of each starting its own (40 -> 14 s, 78 -> 28
    // CPU s); src/test/setup.ts puts the app's stores back to their first state at the start of each file.
    isolate: false,
  },
});
