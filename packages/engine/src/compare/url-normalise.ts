/**
 * URLs carry noise of their own: cache-busters (?v=123, ?_=…), tracking (utm_*, fbclid) and session ids.
 * Stripping them makes an image or link that only changed its cache-buster compare equal.
 */

/** Short generic names that are cache-busters only when their value is a number or a hash (?v=ID on YouTube is not). */
const CACHE_BUSTER_PARAMS = new Set(
  "v ver version _ cb cachebuster cache_buster bust t ts timestamp time rnd rand random nocache r".split(" "),
);
const CACHE_BUSTER_VALUE = /^(?:[\d.]+|[0-9a-f]{6,})$/i;

/** Tracking and session parameters, always dropped. */
const TRACKING_PARAMS = new Set(
  [
    "fbclid gclid dclid msclkid yclid mc_cid mc_eid _ga _gl igshid _hsenc _hsmi nonce",
    "sid sessionid session_id jsessionid phpsessid aspsessionid token csrf csrf_token",
  ]
    .join(" ")
    .split(" "),
);

function isVolatileParam(pair: string): boolean {
  const eq = pair.indexOf("=");
  const name = (eq >= 0 ? pair.slice(0, eq) : pair).toLowerCase();
  if (TRACKING_PARAMS.has(name) || name.startsWith("utm_") || name.startsWith("pk_")) return true;
  return CACHE_BUSTER_PARAMS.has(name) && CACHE_BUSTER_VALUE.test(eq >= 0 ? pair.slice(eq + 1) : "");
}

/** Remove volatile query parameters and `;jsessionid=` path parameters; keep everything else verbatim. */
export function normaliseUrl(url: string): string {
  const hashAt = url.indexOf("#");
  const withoutHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const withoutSession = withoutHash.replace(/;(?:jsessionid|phpsessid|sid)=[^?#/]*/gi, "");
  const queryAt = withoutSession.indexOf("?");
  if (queryAt < 0) return withoutSession;
  const base = withoutSession.slice(0, queryAt);
  const kept = withoutSession
    .slice(queryAt + 1)
    .split("&")
    .filter((pair) => pair !== "" && !isVolatileParam(pair));
  return kept.length > 0 ? `${base}?${kept.join("&")}` : base;
}

const DATE_IN_QUERY = /\d{4}-\d{1,2}-\d{1,2}(?:T[\d:.]+Z?)?|\d{1,2}\/\d{1,2}\/\d{2,4}/g;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * An item's link as its identity: volatile parameters dropped and dates in the query masked, so a
 * "Next 7 days" link that carries today's date is the same entry tomorrow.
 */
export function itemUrlKey(url: string): string {
  const normalised = normaliseUrl(url);
  const queryAt = normalised.indexOf("?");
  if (queryAt < 0) return normalised;
  return (
    normalised.slice(0, queryAt + 1) +
    safeDecode(normalised.slice(queryAt + 1)).replace(DATE_IN_QUERY, "⟨date⟩")
  );
}

const URL_IN_TEXT = /\b(?:https?:\/\/|\/)[^\s"'<>()]*\?[^\s"'<>()]*/g;

/** Normalise every URL-with-a-query that appears inside a line of text. */
export function maskUrlsInText(line: string): string {
  return line.replace(URL_IN_TEXT, (url) => normaliseUrl(url));
}
