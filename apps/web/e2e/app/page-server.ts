import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ProductPage {
  price: string;
  headline: string;
}

export interface PageServer {
  url: string;
  /** Changes what the next request sees. */
  set(change: Partial<ProductPage>): void;
  close(): Promise<void>;
}

function render(page: ProductPage): string {
  return `<!doctype html><html lang="en"><head><title>Acme Kettle</title>
  <style>.price { color: rgb(200, 30, 30); font-weight: 700 }</style><link rel="stylesheet" href="/site.css"></head>
<body>
  <header><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav></header>
  <main>
    <h1 class="product-title">Acme Kettle 1.7 L</h1>
    <div id="buy-box"><p class="price">$${page.price}</p><p class="stock">In stock</p><button>Add to cart</button></div>
    <section class="news"><h2>News</h2><p class="headline">${page.headline}</p></section>
    <script>document.body.dataset.scriptsRan = "yes";</script>
  </main>
</body></html>`;
}

/** A product page on 127.0.0.1 whose content the test changes, standing in for a shop being watched. */
export async function startPageServer(initial: ProductPage): Promise<PageServer> {
  let page = { ...initial };
  const server: Server = createServer((request, response) => {
    if (request.url === "/site.css") {
      response.writeHead(200, { "content-type": "text/css" });
      response.end(".stock { color: rgb(0, 110, 60) }");
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    response.end(render(page));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    set: (change) => {
      page = { ...page, ...change };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
