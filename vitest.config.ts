import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/contracts", "packages/engine", "apps/server", "apps/web"],
    // Vitest's default is one worker fewer than the cores: a single file at a time on a 2-core machine, while
    // most server files wait on a database, a child process or the network. Two or more keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
