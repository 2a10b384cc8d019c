import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP receiver on 127.0.0.1. `answer` decides each response from the request number (0-based);
 * "hang" never answers (a receiver stuck mid-delivery).
 */
export type Answer = number | "hang";

export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startReceiver(
  answer: (index: number) => Answer = () => 200,
  port = 0,
): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const index = requests.length;
      requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = answer(index);
      if (status === "hang") return;
      response.writeHead(status, { "content-type": "text/plain" });
      response.end(status < 300 ? "ok" : "not now");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}/hook`,
    port: actualPort,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
