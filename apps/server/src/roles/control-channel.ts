import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

/**
 * How operator commands reach a running server that holds the embedded database (PGlite is one process's):
 * the server listens on 127.0.0.1 only, and writes its port (control.json) and a random secret
 * (control-secret, mode 0600) into DATA_DIR. Only someone who can read DATA_DIR can send commands; both
 * files are removed when the server stops.
 */
export interface ControlAnswer {
  code: number;
  out?: string;
  err?: string;
}
export type ControlHandlers = Record<string, (args: string[]) => Promise<ControlAnswer>>;

const HEADER = "x-changeradar-control";
const MAX_BODY = 64 * 1024;
const files = (dataDir: string) => ({
  info: join(dataDir, "control.json"),
  secret: join(dataDir, "control-secret"),
});

function writePrivate(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) {
    body += chunk;
    if (body.length > MAX_BODY) throw new Error("request too large");
  }
  return body;
}

export async function startControlChannel(
  dataDir: string,
  handlers: ControlHandlers,
): Promise<{ close(): Promise<void> }> {
  const secret = randomBytes(32).toString("hex");
  const expected = Buffer.from(secret);
  const server = createServer(async (request, response) => {
    const answer = (status: number, body: ControlAnswer) =>
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    const given = Buffer.from(String(request.headers[HEADER] ?? ""));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return answer(403, { code: 1, err: "The control secret is wrong." });
    }
    const handler = handlers[(request.url ?? "").replace(/^\//, "")];
    if (request.method !== "POST" || !handler) return answer(404, { code: 2, err: "Unknown command." });
    try {
      const { args } = JSON.parse(await readBody(request)) as { args: unknown };
      if (!Array.isArray(args) || !args.every((a) => typeof a === "string")) {
        return answer(400, { code: 2, err: "The command's arguments must be strings." });
      }
      return answer(200, await handler(args));
    } catch (error) {
      return answer(500, { code: 1, err: error instanceof Error ? error.message : String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const { info, secret: secretFile } = files(dataDir);
  writePrivate(secretFile, secret);
  writePrivate(info, JSON.stringify({ pid: process.pid, port }));
  return {
    close: async () => {
      rmSync(info, { force: true });
      rmSync(secretFile, { force: true });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Runs `command` in the server that owns DATA_DIR; null when that server offers no control channel. */
export async function callControlChannel(
  dataDir: string,
  ownerPid: number,
  command: string,
  args: string[],
): Promise<ControlAnswer | null> {
  const { info, secret } = files(dataDir);
  let target: { pid: number; port: number };
  let key: string;
  try {
    target = JSON.parse(readFileSync(info, "utf8"));
    key = readFileSync(secret, "utf8").trim();
  } catch {
    return null;
  }
  if (target.pid !== ownerPid) return null;
  const response = await fetch(`http://127.0.0.1:${target.port}/${command}`, {
    method: "POST",
    headers: { "content-type": "application/json", [HEADER]: key },
    body: JSON.stringify({ args }),
  });
  return (await response.json()) as ControlAnswer;
}
