import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/contracts", "packages/engine", "apps/server", "apps/web"],
    // One worker more than the cores (Vitest's default is one fewer): most server files spend part of their time
    // waiting on a database, a child process or the network. On 2 cores with two workers a fifth of the CPU
    // stayed idle; the server suite on PostgreSQL went from 219 to 195 s with three.
    maxWorkers: availableParallelism() + 1,
  },
});
