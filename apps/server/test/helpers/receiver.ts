import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A real HTTP receiver on 127.0.0.1 standing in for webhooks, Slack, Twilio, Telegram… Records every request. */

export interface RecordedRequest {
  /** 0-based arrival number. */
  index: number;
  method: string;
  /** Path and query. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A status alone answers "ok" (2xx) or "not now"; "hang" never answers (a receiver stuck mid-delivery). */
export type Answer = number | { status: number; body?: string; headers?: Record<string, string> } | "hang";

export type Responder = (request: RecordedRequest) => Answer;

export interface Receiver {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** A webhook URL on this receiver. */
  url: string;
  port: number;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

/** `port` 0 picks a free one; a fixed port brings a receiver back where a down one was. */
export async function startReceiver(respond: Responder = () => 200, port = 0): Promise<Receiver> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded = {
        index: requests.length,
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      const answer = respond(recorded);
      if (answer !== "hang") send(res, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${actualPort}`;
  return {
    origin,
    url: `${origin}/hook`,
    port: actualPort,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, answer: Exclude<Answer, "hang">): void {
  const { status, body, headers } =
    typeof answer === "number"
      ? { status: answer, body: answer < 300 ? "ok" : "not now", headers: {} }
      : answer;
  res.writeHead(status, { "content-type": "text/plain", ...headers });
  res.end(body ?? "");
}

/** A port on 127.0.0.1 that nothing listens on (bound once, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
