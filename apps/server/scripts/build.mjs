/**
 * `npm run build`: bundles the `changeradar` command (src/cli.ts) and the engine's worker thread into dist/,
 * so the product runs compiled JavaScript instead of compiling TypeScript through tsx at every start (less
 * memory: no loader, no inline source maps, one worker without its own copy of tsx). Dependencies stay in
 * node_modules; our workspace packages (@changeradar/*) are sources and are bundled. Each role stays its own
 * chunk, loaded only when it runs. dist/build-info.json lets bin/changeradar.js check the bundle is current.
 */
import { rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { distUrl, hashSources } from "../bin/build-info.mjs";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const repoDir = resolve(serverDir, "../..");
const outdir = fileURLToPath(distUrl);

/**
 * A module that finds files relative to itself (import.meta) would look beside the bundle instead. Allowed:
 * modules directly in apps/server/src (the same depth as dist/, see src/package-root.ts) and these two,
 * whose use holds from dist as well.
 */
const importMetaAllowed = new Set([
  "packages/engine/src/pool/engine-pool.ts", // tells the bundle from sources on purpose
  "apps/server/src/db/pglite-init.ts", // a working directory for a child process's module resolution
]);

/** npm packages stay external; the workspace's own packages and relative imports are bundled. */
const layout = {
  name: "changeradar-layout",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@changeradar/") ? undefined : { path: args.path, external: true },
    );
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const file = relative(repoDir, args.path);
      const contents = await readFile(args.path, "utf8");
      const topLevel = dirname(file) === "apps/server/src";
      if (contents.includes("import.meta") && !topLevel && !importMetaAllowed.has(file))
        return { errors: [{ text: `${file} uses import.meta, which points into dist/ once bundled` }] };
      return { contents, loader: "ts" };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: repoDir,
  entryPoints: {
    cli: "apps/server/src/cli.ts",
    "engine-worker": "packages/engine/src/pool/worker.ts",
  },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // As tsx does: error classes name themselves after their class (new.target.name), and page scripts
  // expect the __name helper (engine's fetch/page-script.ts).
  keepNames: true,
  sourcemap: "linked",
  metafile: true,
  plugins: [layout],
  logLevel: "warning",
});

const sources = Object.keys(result.metafile.inputs)
  .map((input) => relative(outdir, resolve(repoDir, input)))
  .sort();
writeFileSync(
  new URL("build-info.json", distUrl),
  `${JSON.stringify({ builtAt: new Date().toISOString(), sourcesSha256: hashSources(sources), sources }, null, 2)}\n`,
);
console.log(`dist/: the changeradar command bundled from ${sources.length} source files`);
