import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Pages on 127.0.0.1 whose content changes on a known schedule: page i shows version `versions[i]`. */
export interface BenchPages {
  origin: string;
  /** Bumps the version of every page whose index matches. */
  change(which: (index: number) => boolean): void;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export async function startBenchPages(count: number): Promise<BenchPages> {
  const versions = new Uint32Array(count);
  const server = createServer((request, response) => {
    const index = Number((request.url ?? "").split("/")[2]);
    if (!Number.isInteger(index) || index < 0 || index >= count) {
      response.writeHead(404).end();
      return;
    }
    const version = versions[index];
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html><head><title>Product ${index}</title></head><body>
<h1>Product ${index}</h1><p>Stock level ${version === 0 ? "plenty" : `batch ${version}`} for item ${index}.</p>
<ul>${Array.from({ length: 20 }, (_, i) => `<li>Feature ${i} of product ${index}</li>`).join("")}</ul></body></html>`);
  });
  server.keepAliveTimeout = 30_000;
  return {
    origin: await listen(server),
    change(which) {
      for (let i = 0; i < count; i++) if (which(i)) versions[i]++;
    },
    close: () => close(server),
  };
}

/** A webhook receiver recording change-to-delivery latency (arrival − the change's detectedAt). */
export interface WebhookReceiver {
  url: string;
  latenciesMs: number[];
  ids: Set<string>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const latenciesMs: number[] = [];
  const ids = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const arrived = Date.now();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
          change?: { detectedAt?: string };
        };
        const id = String(request.headers["webhook-id"] ?? "");
        if (body.change?.detectedAt && !ids.has(id)) {
          ids.add(id);
          latenciesMs.push(arrived - Date.parse(body.change.detectedAt));
        }
      } catch {
        // A test message or a malformed body: not part of the measurement.
      }
      response.writeHead(200).end("ok");
    });
  });
  const origin = await listen(server);
  return { url: `${origin}/hook`, latenciesMs, ids, close: () => close(server) };
}
