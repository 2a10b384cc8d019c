import react from "@vitejs/plugin-react";
import { defineConfig, type PluginOption } from "vite";

// @vitejs/plugin-react is typed against the workspace root's Vite (pulled in by Vitest); this app builds with Vite 7.
const reactPlugin = react() as unknown as PluginOption;

/**
 * The contracts package only declares schemas and constants. Marking its modules free of side effects
 * lets Rollup drop the zod schemas from chunks that import a constant alone (e.g. the toast duration),
 * which keeps zod out of the landing page's first load.
 */
const pureContracts: PluginOption = {
  name: "changeradar-pure-contracts",
  transform(_code, id) {
    if (id.includes("/packages/contracts/src/")) return { code: _code, map: null, moduleSideEffects: false };
    return null;
  },
};

export default defineConfig({
  plugins: [reactPlugin, pureContracts],
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:8080" },
  },
  build: {
    outDir: "dist",
    // Keep earlier hashed chunks: a page loaded from the previous build (a running server, an e2e run while
    // someone rebuilds) can still fetch its lazy routes. Every file name is content-hashed, so nothing clashes.
    emptyOutDir: false,
    // The manifest lets scripts/first-load-size.ts measure the landing page's first-load JavaScript.
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
});
