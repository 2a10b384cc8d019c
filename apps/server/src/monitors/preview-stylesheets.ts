import { type FetchOptions, fetchPage } from "@changeradar/engine";

/** Enough for a page's own sheets; a page linking more gets its first ones. */
const MAX_STYLESHEETS = 8;
const MAX_STYLESHEET_BYTES = 300_000;
/** What the preview carries in all, so its answer stays small: later sheets past it are left out. */
const MAX_TOTAL_CSS_CHARS = 600_000;
const STYLESHEET_TIMEOUT_MS = 5_000;

/**
 * The page's linked stylesheets, fetched (in parallel, through the same SSRF guard as the page) so the
 * preview can inline them: the app's Content-Security-Policy, which the picker's frame inherits, would
 * refuse <link>s to other origins. A sheet that fails, is not CSS, or is too big is left out.
 * Keyed by the sheet's URL as linked (before redirects), as the sanitiser looks them up.
 */
export async function fetchStylesheets(
  urls: readonly string[],
  options: Pick<FetchOptions, "allowPrivateTargets">,
): Promise<Map<string, string>> {
  const fetched = await Promise.all(
    urls.slice(0, MAX_STYLESHEETS).map(async (url): Promise<[string, string] | null> => {
      try {
        const sheet = await fetchPage(
          { url },
          {
            allowPrivateTargets: options.allowPrivateTargets,
            totalTimeoutMs: STYLESHEET_TIMEOUT_MS,
            maxBodyBytes: MAX_STYLESHEET_BYTES,
          },
        );
        return sheet.status < 400 && sheet.contentType === "text/css" ? [url, sheet.text] : null;
      } catch {
        return null;
      }
    }),
  );
  const kept = new Map<string, string>();
  let total = 0;
  for (const entry of fetched) {
    if (!entry || total + entry[1].length > MAX_TOTAL_CSS_CHARS) continue;
    total += entry[1].length;
    kept.set(...entry);
  }
  return kept;
}
