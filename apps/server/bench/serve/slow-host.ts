/**
 * The fairness window's slow host: one loopback address (127.0.0.20, apart from the workload's 1–16) that
 * holds every request `holdMs` before it answers a small page, like a site at its limit.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface SlowHost {
  urls: (count: number) => string[];
  close: () => Promise<void>;
}

const PAGE = "<!doctype html><html><head><title>Slow</title></head><body><p>A slow page.</p></body></html>";

export async function startSlowHost(holdMs: number): Promise<SlowHost> {
  const held = new Set<ServerResponse>();
  const server = createServer((_request, response) => {
    held.add(response);
    const timer = setTimeout(() => {
      held.delete(response);
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE);
    }, holdMs);
    response.once("close", () => {
      clearTimeout(timer);
      held.delete(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.20", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urls: (count) => Array.from({ length: count }, (_, k) => `http://127.0.0.20:${port}/slow/${k}`),
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
