import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";

/** Real `changeradar` processes for tests: a server, and one-shot operator commands. */
const bin = resolve(import.meta.dirname, "../../bin/changeradar.js");

export interface RunningServe {
  baseUrl: string;
  /** Everything the server has written to stdout and stderr so far. */
  log(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

const children = new Set<ChildProcess>();

/** Kills what a failed test left running (only the processes these helpers started). */
export function killLeftovers(): void {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  children.clear();
}

/**
 * A port found free may be taken by another test file before the child binds it: the child then exits
 * with EADDRINUSE, and starts again on another port.
 */
export async function startServe(env: Record<string, string>, attempts = 3): Promise<RunningServe> {
  try {
    return await startServeOnce(env);
  } catch (error) {
    if (attempts > 1 && error instanceof Error && error.message.includes("EADDRINUSE"))
      return startServe(env, attempts - 1);
    throw error;
  }
}

async function startServeOnce(env: Record<string, string>): Promise<RunningServe> {
  const port = await freePort();
  const child = spawn(process.execPath, [bin, "serve"], {
    env: { PATH: process.env.PATH ?? "", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  await new Promise<void>((started, failed) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ChangeRadar listening on")) started();
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    child.on("exit", (code) => failed(new Error(`serve exited early (${code}): ${output}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    log: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await exited;
      children.delete(child);
    },
  };
}

export function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [bin, ...args], { env: { PATH: process.env.PATH ?? "", ...env } });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    // Without the line the command adds when it runs the sources instead of a current build.
    const notice = /^changeradar: running the TypeScript sources through tsx .*\n/;
    child.on("exit", (code) => done({ code, out, err: err.replace(notice, "") }));
  });
}
