import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What one path answers. `stall: true` accepts the request and never answers (a hung site). */
export interface PageResponse {
  status?: number;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  stall?: boolean;
}

export interface PageServer {
  readonly origin: string;
  url(path: string): string;
  set(path: string, response: PageResponse | string): void;
  /** Requests received per path. */
  hits(path: string): number;
  /** The most requests one path had in flight at the same time (whole server with no path). */
  maxConcurrent(path?: string): number;
  /** Ends every stalled request (the connection is dropped). */
  releaseStalled(): void;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 serving pages the test changes at will. */
export async function startPageServer(): Promise<PageServer> {
  const pages = new Map<string, PageResponse>();
  const counts = new Map<string, number>();
  const stalled = new Set<ServerResponse>();
  const active = new Map<string, number>();
  const peaks = new Map<string, number>();
  const track = (key: string, delta: number) => {
    const now = (active.get(key) ?? 0) + delta;
    active.set(key, now);
    peaks.set(key, Math.max(peaks.get(key) ?? 0, now));
  };
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? "/").split("?")[0];
    counts.set(path, (counts.get(path) ?? 0) + 1);
    track(path, 1);
    track("*", 1);
    response.on("close", () => {
      track(path, -1);
      track("*", -1);
    });
    const page = pages.get(path) ?? { status: 404, body: "<h1>Not found</h1>" };
    if (page.stall) {
      stalled.add(response);
      response.on("close", () => stalled.delete(response));
      return;
    }
    const send = () => {
      response.writeHead(page.status ?? 200, {
        "content-type": page.contentType ?? "text/html; charset=utf-8",
        ...page.headers,
      });
      response.end(page.body ?? "");
    };
    if (page.delayMs) setTimeout(send, page.delayMs);
    else send();
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    set(path, response) {
      pages.set(path, typeof response === "string" ? { body: response } : response);
    },
    hits: (path) => counts.get(path) ?? 0,
    maxConcurrent: (path) => peaks.get(path ?? "*") ?? 0,
    releaseStalled() {
      for (const response of stalled) response.destroy();
    },
    async close() {
      for (const response of stalled) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A small product page; change the price or text to make a change. */
export function productPage(
  options: { title?: string; price?: string; text?: string; extra?: string } = {},
): string {
  const price = options.price ?? "$24.99";
  return `<!doctype html><html><head><title>${options.title ?? "Acme Anvil"}</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Acme Anvil",
"offers":{"@type":"Offer","price":"${price.replace(/[^0-9.]/g, "")}","priceCurrency":"USD","availability":"https://schema.org/InStock"}}</script>
</head><body><h1>Acme Anvil</h1><p class="price">${price}</p>
<p>${options.text ?? "A sturdy anvil for every workshop."}</p>${options.extra ?? ""}</body></html>`;
}
