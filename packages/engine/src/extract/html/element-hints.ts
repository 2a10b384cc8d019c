/** What an element's class, id, itemprop or test id says it shows: a price, not a price, or stock. */
const priceHint = /price|preis|prix|precio|prezzo|prijs|preco|cena|cost|amount/i;
const priceExclusion =
  /old|was|regular|strike|list-?price|compare|original|before|msrp|rrp|uvp|saving|discount|per-?unit|unit-?price|shipping|range-?filter|filter|slider|subscri/i;
const stockHint = /stock|availab|inventory|lager|dispon|verfueg|verfüg|delivery-?status/i;

export const priceFlag = 1;
export const notPriceFlag = 2;
export const stockFlag = 4;

export function hintsOf(value: string): number {
  if (value === "") return 0;
  return (
    (priceHint.test(value) ? priceFlag : 0) |
    (priceExclusion.test(value) ? notPriceFlag : 0) |
    (stockHint.test(value) ? stockFlag : 0)
  );
}
