import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedDataDir, postgresPass } from "../helpers/database";

const bin = fileURLToPath(new URL("../../bin/changeradar.js", import.meta.url));
let dataDir: string | null = null;
let child: ChildProcess | null = null;

afterAll(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(postgresPass)("changeradar serve", () => {
  it("on SIGTERM finishes the request in flight, refuses new ones, and exits 0", async () => {
    const port = await freePort();
    dataDir = embeddedDataDir("changeradar-serve-");
    // The embedded database: this is about the process, not the database engine.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    };
    delete env.DATABASE_URL;
    delete env.SMTP_URL;
    const serve = spawn(process.execPath, [bin, "serve"], { env, stdio: ["ignore", "pipe", "pipe"] });
    child = serve;
    const exited = new Promise<number | null>((resolve) => serve.on("exit", (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      let output = "";
      serve.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("ChangeRadar listening on")) resolve();
      });
      serve.on("exit", (code) => reject(new Error(`serve exited early (${code}): ${output}`)));
    });
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200);

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ name: "Late", email: "late@example.test", message: "Still sending" });
    const socket = connect(port, "127.0.0.1");
    const response = new Promise<string>((resolve) => {
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString();
      });
      socket.on("close", () => resolve(text));
    });
    socket.write(
      `POST /api/v1/users/contactus HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await pause(300);
    serve.kill("SIGTERM");
    await pause(300);
    await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`)).rejects.toThrow();
    socket.end(body.slice(10));

    expect(await response).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(await exited).toBe(0);
  }, 120_000); // starting the whole product takes a while on a busy machine
});
