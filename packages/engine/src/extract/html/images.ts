import type { Element } from "domhandler";

/** An image as written in the page: `src` and/or `srcset` (from img, or picture > source). */
export interface ImageReference {
  src: string | null;
  srcset: string | null;
}

/** Ad containers by their id or class ("ad-slot", "div-gpt-ad-…", "advertisement", "sponsored"). */
const adContainer =
  /(?:^|[\s_-])(?:ads?|adslot|ad-?slot|ad-?unit|ad-?container|ad-?banner|advert|advertisement|gpt-ad|dfp|sponsored|google_ads)(?:$|[\s_-])|^div-gpt-ad|^google_ads/i;
const maxAdDepth = 8;

/** An image inside an ad slot rotates its creative on every visit: noise, not the page's image. */
export function insideAdSlot(el: Element): boolean {
  let current: Element | null = el;
  for (let depth = 0; current !== null && depth < maxAdDepth; depth++) {
    const a = current.attribs;
    if (
      (a.id !== undefined && adContainer.test(a.id)) ||
      (a.class !== undefined && adContainer.test(a.class))
    )
      return true;
    const parent: Element["parent"] = current.parent;
    current = parent !== null && parent.type === "tag" ? (parent as Element) : null;
  }
  return false;
}

const trackerPattern = /(?:^|[/_.-])(?:pixel|spacer|blank|1x1|transparent|beacon|tracking)(?:[/_.-]|$)/i;

/**
 * Absolute, de-duplicated image URLs in page order. From a srcset only the largest candidate is kept: one
 * URL per picture keeps the set stable when a CDN adds or drops intermediate sizes.
 */
export function resolveImages(
  references: ImageReference[],
  base: string | undefined,
  ogImage: string | undefined,
): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (raw: string | null) => {
    if (raw === null) return;
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("data:") || trimmed.startsWith("blob:")) return;
    const url = absoluteUrl(trimmed, base);
    if (url === null || seen.has(url.href) || trackerPattern.test(url.pathname)) return;
    seen.add(url.href);
    out.push(url.href);
  };
  if (ogImage) add(ogImage);
  for (const ref of references)
    add(ref.srcset !== null ? (largestCandidate(ref.srcset) ?? ref.src) : ref.src);
  return out;
}

/** The candidate with the largest width (`800w`) or density (`2x`) descriptor. */
export function largestCandidate(srcset: string): string | null {
  let best: string | null = null;
  let bestSize = -1;
  // Candidates are separated by commas followed by whitespace; URLs may themselves contain commas.
  for (const candidate of srcset.split(/,\s+|,(?=[a-z]+:|\/)/i)) {
    const parts = candidate.trim().split(/\s+/);
    const url = parts[0];
    if (!url) continue;
    const descriptor = parts[1] ?? "1x";
    const size = Number.parseFloat(descriptor) * (descriptor.endsWith("x") ? 1000 : 1);
    const value = Number.isFinite(size) ? size : 0;
    if (value > bestSize) {
      bestSize = value;
      best = url.replace(/,$/, "");
    }
  }
  return best;
}

/** An http(s) URL resolved against the page, without its fragment; null for anything else. */
export function absoluteUrl(raw: string, base: string | undefined): URL | null {
  try {
    const url = new URL(raw.trim(), base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    url.hash = "";
    return url;
  } catch {
    return null;
  }
}
