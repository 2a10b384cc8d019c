import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Pages on 127.0.0.1 whose next request can be held: `hold(path)` makes the next request of that path wait
 * until `release(path)` answers it with the page as it was when the request came in. Lets a test act while
 * a check is in the middle of its fetch.
 */
export interface HoldingPageServer {
  url(path: string): string;
  set(path: string, html: string): void;
  hold(path: string): void;
  /** How many requests of `path` are waiting (a poll function for `eventually`). */
  heldCount(path: string): () => Promise<number>;
  release(path: string): void;
  close(): Promise<void>;
}

export async function startHoldingPageServer(): Promise<HoldingPageServer> {
  const pages = new Map<string, string>();
  const holding = new Set<string>();
  const held: { path: string; body: string; response: ServerResponse }[] = [];
  const answer = (response: ServerResponse, body: string) =>
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
  const server = createServer((request, response) => {
    const path = request.url ?? "/";
    const body = pages.get(path) ?? "";
    if (holding.delete(path)) held.push({ path, body, response });
    else answer(response, body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    set: (path, html) => pages.set(path, html),
    hold: (path) => holding.add(path),
    heldCount: (path) => async () => held.filter((h) => h.path === path).length,
    release(path) {
      const index = held.findIndex((h) => h.path === path);
      if (index < 0) throw new Error(`No request of ${path} is held.`);
      const [request] = held.splice(index, 1);
      answer(request.response, request.body);
    },
    async close() {
      for (const { response } of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
