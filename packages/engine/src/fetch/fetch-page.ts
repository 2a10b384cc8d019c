import { httpFetch } from "./http-fetch";
import { FetchError, type FetchedPage, type FetchOptions, type FetchRequest } from "./types";

/** Anything that can render a page in a real browser (the browser pool). */
export interface PageRenderer {
  render(req: FetchRequest, options?: FetchOptions): Promise<FetchedPage>;
}

export interface FetchPageOptions extends FetchOptions {
  browserPool?: PageRenderer;
  /**
   * A page the caller serves itself (the product's own demo page): a request for exactly its `url` is
   * answered with its HTML, with no network, no browser and no SSRF exception; any other URL is fetched
   * as usual. The caller decides which monitor may have one; the engine only ever matches the exact URL.
   */
  localPage?: LocalPage | null;
}

export interface LocalPage {
  url: string;
  html: string;
}

/** Fetches one page: plain HTTP, or a real browser when `req.render` is set. Failures are FetchErrors. */
export async function fetchPage(req: FetchRequest, options: FetchPageOptions = {}): Promise<FetchedPage> {
  const { browserPool, localPage, ...fetchOptions } = options;
  if (localPage && req.url === localPage.url) return servedLocally(localPage);
  if (!req.render) return httpFetch(req, fetchOptions);
  if (!browserPool) {
    throw new FetchError(
      "browser",
      "This monitor needs a browser to render the page, but no browser is configured",
    );
  }
  return browserPool.render(req, fetchOptions);
}

function servedLocally(page: LocalPage): FetchedPage {
  const bytes = new TextEncoder().encode(page.html);
  return {
    url: page.url,
    finalUrl: page.url,
    redirects: [],
    status: 200,
    notModified: false,
    contentType: "text/html",
    charset: "utf-8",
    text: page.html,
    bytes,
    etag: null,
    lastModified: null,
    screenshot: null,
    durationMs: 0,
  };
}
