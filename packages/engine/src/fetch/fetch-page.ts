import { httpFetch } from "./http-fetch";
import { FetchError, type FetchedPage, type FetchOptions, type FetchRequest } from "./types";

/** Anything that can render a page in a real browser (the browser pool). */
export interface PageRenderer {
  render(req: FetchRequest, options?: FetchOptions): Promise<FetchedPage>;
}

export interface FetchPageOptions extends FetchOptions {
  browserPool?: PageRenderer;
}

/** Fetches one page: plain HTTP, or a real browser when `req.render` is set. Failures are FetchErrors. */
export async function fetchPage(req: FetchRequest, options: FetchPageOptions = {}): Promise<FetchedPage> {
  const { browserPool, ...fetchOptions } = options;
  if (!req.render) return httpFetch(req, fetchOptions);
  if (!browserPool) {
    throw new FetchError(
      "browser",
      "This monitor needs a browser to render the page, but no browser is configured",
    );
  }
  return browserPool.render(req, fetchOptions);
}
