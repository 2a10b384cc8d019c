import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/contracts", "packages/engine", "apps/server", "apps/web"],
  },
});
