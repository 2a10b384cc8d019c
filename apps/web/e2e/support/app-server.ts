import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const repoRoot = resolve(import.meta.dirname, "../../../..");

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer ${url} within 180 s:\n${output()}`);
}

export interface AppServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** The real server (`changeradar serve`) on a free port with a fresh data directory, serving apps/web/dist. */
export async function startAppServer(env: Record<string, string>): Promise<AppServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "changeradar-e2e-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(process.execPath, [join(repoRoot, "apps/server/bin/changeradar.js"), "serve"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_URL: baseUrl,
      ALLOW_PRIVATE_TARGETS: "true",
      RATE_LIMIT_SCALE: "100",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  await waitUntilServing(`${baseUrl}/`, child, () => log);
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping)
      process.stderr.write(
        `\nThe ChangeRadar server stopped during the tests (${code ?? signal}):\n${log}\n`,
      );
  });
  return {
    baseUrl,
    stop: async () => {
      stopping = true;
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
