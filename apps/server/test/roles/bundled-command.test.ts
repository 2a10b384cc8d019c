import { execFile } from "node:child_process";
import { once } from "node:events";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedDataDir, postgresPass } from "../helpers/database";
import { killLeftovers, startServe } from "../helpers/processes";

/** The product command as `npm start` runs it: bundled by `npm run build`, run by bin/changeradar.js. */
const serverDir = fileURLToPath(new URL("../../", import.meta.url));
const bin = join(serverDir, "bin/changeradar.js");
const buildInfo = join(serverDir, "dist/build-info.json");
const sourcesNotice = "changeradar: running the TypeScript sources through tsx";
const run = promisify(execFile);

async function bundleState(): Promise<string> {
  const { bundleState } = (await import(join(serverDir, "bin/build-info.mjs"))) as {
    bundleState: () => string;
  };
  return bundleState();
}

/** The same in both passes (the embedded database whatever the pass uses): the embedded pass runs it. */
describe.skipIf(postgresPass)("the bundled changeradar command", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = embeddedDataDir("changeradar-bundled-");
    // A current build (CI's build stage made one) is used as it is: rebuilding would pull it from under the
    // other tests' processes.
    if ((await bundleState()) !== "fresh")
      await run(process.execPath, [join(serverDir, "scripts/build.mjs")]);
  }, 120_000);

  afterAll(() => {
    killLeftovers();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves from dist: the health route answers, and no notice of running the sources", async () => {
    const serve = await startServe({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
    try {
      expect((await fetch(`${serve.baseUrl}/api/v1/health`)).status).toBe(200);
      expect(serve.log()).not.toContain(sourcesNotice);
    } finally {
      await serve.stop();
    }
  }, 120_000);

  it("loads neither the payment SDK nor the Markdown and HTML sanitisers before they are used", async () => {
    // A resolve hook, run before the command, names each of these packages as it is first imported.
    const hooks = `import { writeSync } from "node:fs";
      export async function resolve(specifier, context, next) {
        if (/^(stripe|unified|rehype-parse|postcss)$/.test(specifier)) writeSync(2, "imported " + specifier + "\\n");
        return next(specifier, context);
      }`;
    const register = `import { register } from "node:module"; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;
    const serve = await startServe({
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_OPTIONS: `--import ${JSON.stringify(`data:text/javascript,${encodeURIComponent(register)}`)}`,
    });
    try {
      expect((await fetch(`${serve.baseUrl}/api/v1/health`)).status).toBe(200);
      expect(serve.log()).not.toMatch(/imported/);
    } finally {
      await serve.stop();
    }
  }, 120_000);

  it("runs the engine's bundled worker thread as plain JavaScript", async () => {
    const worker = new Worker(join(serverDir, "dist/engine-worker.js"));
    try {
      expect((await once(worker, "message"))[0]).toEqual({ type: "ready" });
      const page = { url: "https://example.test/", contentType: "text/html", text: "<p>Bundled</p>" };
      worker.postMessage({ id: 1, job: { kind: "extract", input: page, options: {} } });
      const [answer] = await once(worker, "message");
      expect(answer).toMatchObject({ type: "done", id: 1, value: { lines: ["Bundled"] } });
    } finally {
      await worker.terminate();
    }
  });

  it("runs the sources through tsx, saying so, when a source changed since the build", async () => {
    const fresh = readFileSync(buildInfo, "utf8");
    const info = JSON.parse(fresh) as { sourcesSha256: string };
    try {
      // As if a source file had been edited since: its hash no longer matches the one recorded.
      writeFileSync(buildInfo, JSON.stringify({ ...info, sourcesSha256: "0".repeat(64) }));
      const stale = await run(process.execPath, [bin, "--help"]);
      expect(stale.stderr).toContain(`${sourcesNotice} (the build in apps/server/dist is stale`);
      expect(stale.stderr).toContain("Usage:");
    } finally {
      writeFileSync(buildInfo, fresh);
    }
    const current = await run(process.execPath, [bin, "--help"]);
    expect(current.stderr).not.toContain(sourcesNotice);
    expect(current.stderr).toContain("Usage:");
  }, 60_000);

  it("gives node the memory settings of its first line when run as a command", async () => {
    // A module loaded before the command reports what node was started with.
    const report =
      'data:text/javascript,process.stderr.write("settings " + JSON.stringify({ flags: process.execArgv, arenas: process.env.MALLOC_ARENA_MAX, mmapThreshold: process.env.MALLOC_MMAP_THRESHOLD_, trimThreshold: process.env.MALLOC_TRIM_THRESHOLD_ }) + "\\n")';
    const { stderr } = await run(bin, ["--help"], {
      env: { ...process.env, NODE_OPTIONS: `--import ${JSON.stringify(report)}` },
    });
    const settings = JSON.parse(/^settings (.*)$/m.exec(stderr)?.[1] ?? "null");
    expect(settings).toEqual({
      flags: ["--max-old-space-size=512", "--max-semi-space-size=8", "--no-liftoff"],
      arenas: "2",
      mmapThreshold: "4194304",
      trimThreshold: "4194304",
    });
  }, 60_000);
});
