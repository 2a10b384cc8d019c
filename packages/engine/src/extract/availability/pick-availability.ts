import type { Availability } from "../../snapshot";
import { textOf } from "../html/text-of";
import type { PageFacts } from "../html/walk";
import type { StructuredOffer } from "../price/json-ld";
import { buyBoxLines, isInBuyBox } from "../price/visible-price";
import { schemaAvailability } from "./schema-availability";
import { availabilityFromText } from "./text-cues";

/**
 * Availability: structured data (JSON-LD, microdata/RDFa, product meta) first, then what the page shows
 * (`textAvailability`).
 */
export function pickAvailability(
  offers: StructuredOffer[],
  meta: Map<string, string>,
  shown: Availability | null,
): Availability {
  for (const offer of offers) if (offer.availability !== null) return offer.availability;
  const fromMeta = schemaAvailability(meta.get("product:availability") ?? meta.get("og:availability"));
  return fromMeta ?? shown ?? "unknown";
}

/** What the visible page says about stock: elements marked as stock/availability, then the buy box. */
export function textAvailability(page: PageFacts): Availability | null {
  for (const { element, line } of page.stockElements) {
    const found = isInBuyBox(page.headingLines, line) ? availabilityFromText(textOf(element, 200)) : null;
    if (found !== null) return found;
  }
  const starts = page.headingLines.length > 0 ? page.headingLines : [0];
  for (const start of starts) {
    for (const line of page.lines.slice(start, start + buyBoxLines)) {
      const found = line.length <= 200 ? availabilityFromText(line) : null;
      if (found !== null) return found;
    }
  }
  return null;
}
