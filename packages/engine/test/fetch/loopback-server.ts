import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface LoopbackServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A real HTTP server on a loopback address (127.0.0.1 unless told) for the duration of a test file. */
export async function startLoopbackServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  host = "127.0.0.1",
): Promise<LoopbackServer> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
