/** A product's JSON-LD script with one offer per availability given (schema.org values: "InStock"…). */
export function productJsonLd(
  product: { name: string; price: string; currency: string },
  ...availability: string[]
): string {
  const offers = availability.map((value) => ({
    "@type": "Offer",
    price: product.price,
    priceCurrency: product.currency,
    availability: `https://schema.org/${value}`,
  }));
  return `<script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    offers: offers.length === 1 ? offers[0] : offers,
  })}</script>`;
}
