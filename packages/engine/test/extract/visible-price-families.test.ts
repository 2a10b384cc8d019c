/**
 * Issue 10 §1: the price read from what the page shows, on shops without structured data. One block per
 * family of misses seen on pages the rules were not written from; every page here is generated, no shop
 * named.
 */
import { describe, expect, it } from "vitest";
import { extractSnapshotSync } from "../../src/extract";

const page = (title: string, body: string, url = "https://shop.example.com/p/1", head = "") =>
  extractSnapshotSync({
    url,
    contentType: "text/html",
    text: `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`,
  });

describe("the product's name when no h1 names it", () => {
  it("a name in a plain block before h1s used for other products: the buy box follows the name", () => {
    const s = page(
      "Linen Shirt Blue - Example Shop",
      `<nav>Home / Shirts</nav><div class="deal-title">Linen Shirt Blue</div><div class="deal_price">$39.00</div>
       <p>Options</p><section><h1>Wool Sweater</h1><p class="price">$59.00</p></section>`,
    );
    expect(s.price).toMatchObject({ amount: 39, currency: "USD" });
  });

  it("a line naming only part of the title does not stand in for the name", () => {
    const s = page(
      "Linen Shirt Blue with long sleeves and pockets - Example Shop",
      `<nav>Linen</nav><div>Shirt</div><section><h1>Linen Shirt Blue with long sleeves</h1><p class="price">$39.00</p></section>`,
    );
    expect(s.price).toMatchObject({ amount: 39, currency: "USD" });
  });
});

describe("a product page recognised by the price under its name", () => {
  const related = [1, 2, 3, 4]
    .map(
      (n) => `<li><a href="/p/${n}"><img src="/i/${n}.jpg"></a><span class="price">EUR${n}9.99</span></li>`,
    )
    .join("");

  it("no structured data and no buy button the walk knows: the price a few lines under the name", () => {
    const s = page(
      "Socks Brooklyn | Free delivery",
      `<h1>Socks Brooklyn</h1><div>No reviews</div><div>Code 5456</div><div>Picture may differ.</div>
       <div class="price"><span class="current-price">EUR15.99</span></div><div>Pieejamība: 4</div>
       <button>Ielikt grozā</button><h2>You may also like</h2><ul>${related}</ul>`,
    );
    expect(s.price).toMatchObject({ amount: 15.99, currency: "EUR", source: "text" });
  });

  it("a bare number in an element named amount (a recipe's quantities) is no price", () => {
    const s = page(
      "Fennel and carrots | Recipes",
      `<h1>Fennel and carrots</h1><div>20 min.</div><ul><li><span class="amount">250</span> g carrots</li>
       <li><span class="amount">300</span> g fennel</li></ul>`,
    );
    expect(s.price).toBeNull();
  });
});

describe("a classified ad that calls itself an article", () => {
  const head = `<meta property="og:type" content="article">`;

  it("shows its price in the heading that names it: the price is read", () => {
    const s = page(
      "Washing Machine 6kg - appliances - by owner",
      `<div>City &gt; appliances – by owner</div><h1>Washing Machine 6kg - <span class="price">£50</span> (Town)</h1>
       <p>Pickup only.</p>`,
      "https://city.classifieds.example.org/app/1.html",
      head,
    );
    expect(s.price).toMatchObject({ amount: 50, currency: "GBP", source: "text" });
  });

  it("an article naming a price in its text, not in a price element, stays editorial", () => {
    const s = page(
      "Heulage for horses",
      `<h1>Heulage for horses</h1><p>A bale costs about €50 this winter.</p>`,
      "https://magazine.example.de/heulage",
      `${head}<meta property="product:price:amount" content="1"><meta property="product:price:currency" content="EUR">`,
    );
    expect(s.price).toBeNull();
    expect(s.availability).toBe("unknown");
  });
});

describe("a price further below the name than the buy box", () => {
  const description = Array.from({ length: 60 }, (_, i) => `<p>Feature ${i + 1} of the set.</p>`).join("");

  it("a long description between the name and the only price: that price is read", () => {
    const s = page(
      "Wall-hung WC set | Example DIY",
      `<h1>Wall-hung WC set</h1><p>Ref. 825</p>${description}
       <div class="prices"><span class="product-price"><span class="price">997 zł <span class="unit">/szt.</span></span></span>
       <span class="product-price"><span class="price">1 148 zł</span></span></div><a class="add-to-basket" href="#">do koszyka</a>`,
      "https://diy.example.pl/wc-set",
    );
    expect(s.price).toMatchObject({ amount: 997, currency: "PLN", source: "text" });
  });

  it("a product without a price of its own takes none from related tiles further down", () => {
    const tiles = [1, 2, 3, 4]
      .map(
        (n) =>
          `<li class="tile"><a href="/p/${n}"><img src="/i/${n}.jpg" alt=""></a><a href="/p/${n}">Other ${n}</a><span class="price">$${n}9.99</span></li>`,
      )
      .join("");
    const s = page(
      "Rolling Duffle Bag | Example",
      `<h1>Rolling Duffle Bag</h1><p>Currently unavailable.</p>${description}<h2>Related</h2><ul>${tiles}</ul>`,
    );
    expect(s.price).toBeNull();
  });
});

describe("the currency the page writes as a code", () => {
  const buyBox = (price: string) =>
    `<h1>Leather Chelsea Boot</h1><div class="price">${price}</div><button class="add-to-basket">Add to basket</button>`;

  it("an amount without a sign takes the one code the page states ('Deliver to: United Kingdom (GBP)')", () => {
    const s = page(
      "Leather Chelsea Boot",
      `${buyBox("136")}<footer>Deliver to: United Kingdom (GBP)</footer>`,
    );
    expect(s.price).toMatchObject({ amount: 136, currency: "GBP" });
  });

  it("a shared sign takes the stated code of its own currencies", () => {
    const s = page("Leather Chelsea Boot", `${buyBox("$189.00")}<footer>Currency: CAD</footer>`);
    expect(s.price).toMatchObject({ amount: 189, currency: "CAD" });
  });

  it("a currency switcher naming several codes states none", () => {
    const s = page(
      "Leather Chelsea Boot",
      `${buyBox("136")}<footer><a>Euro (EUR)</a><a>Pound (GBP)</a><a>Dollar (USD)</a></footer>`,
    );
    expect(s.price).toMatchObject({ amount: 136, currency: null });
  });
});

describe("a struck regular price named by a modifier class", () => {
  it("'size-strike' before the sale price is the regular price, not the one paid", () => {
    const s = page(
      "Wall-hung WC set | Example DIY",
      `<h1>Wall-hung WC set</h1><div class="prices"><span class="product-price size-strike"><span class="price">1 148 zł</span></span>
       <span class="product-price promotional"><span class="price">997 zł</span></span></div><a class="add-to-basket" href="#">do koszyka</a>`,
      "https://diy.example.pl/wc-set",
    );
    expect(s.price).toMatchObject({ amount: 997, currency: "PLN" });
  });
});

/** A product page whose buy box shows `price` (HTML), without structured data. */
const shop = (price: string, lang: string, tld: string) =>
  extractSnapshotSync({
    url: `https://shop.example.${tld}/p/1`,
    contentType: "text/html",
    text: `<!doctype html><html lang="${lang}"><head><title>Oak Chair</title></head><body><h1>Oak Chair</h1>${price}<form action="/cart/add" method="post"><button type="submit">Add to basket</button></form></body></html>`,
  }).price;

describe("a label owns the amount it names, not the whole text", () => {
  it.each([
    ['<span class="price">Was £49.99 Now £29.99</span>', "en-GB", "co.uk", 29.99, "GBP"],
    ['<span class="price">RRP £49.99 Our price £29.99</span>', "en-GB", "co.uk", 29.99, "GBP"],
    ['<span class="price">Statt 49,99 € nur 29,99 €</span>', "de-DE", "de", 29.99, "EUR"],
    ['<div class="price">Save 20% $39.99</div>', "en-US", "com", 39.99, "USD"],
    // A plain line in the buy box, no element named price.
    ["<p>Was £49.99 Now £29.99</p>", "en-GB", "co.uk", 29.99, "GBP"],
    // The regular price struck through inside a plain line: not the one paid.
    ["<div><del>€49,99</del> €29,99</div>", "de-DE", "de", 29.99, "EUR"],
    ["<p><s>$49.99</s> $29.99 <span>In stock</span></p>", "en-US", "com", 29.99, "USD"],
    // Shipping, monthly and instalment labels: their amount and what follows them are not paid.
    ['<span class="price">$12.99 + $4.99 shipping</span>', "en-US", "com", 12.99, "USD"],
    ['<span class="price">29,90 € + 4,90 € Versand</span>', "de-DE", "de", 29.9, "EUR"],
    ['<span class="price">19,99 € zzgl. Versandkosten</span>', "de-DE", "de", 19.99, "EUR"],
    ['<span class="price">R$ 1.299,00 ou 10x de R$ 129,90 sem juros</span>', "pt-BR", "com.br", 1299, "BRL"],
    ['<span class="price">$499.00 or 4 interest-free payments of $124.75</span>', "en-US", "com", 499, "USD"],
    ["<p>€24,99 Free shipping</p>", "nl-NL", "nl", 24.99, "EUR"],
    ['<span class="price">Normalpris 499 kr Nu 399 kr</span>', "sv-SE", "se", 399, "SEK"],
  ] as const)("%s → %s", (html, lang, tld, amount, currency) => {
    expect(shop(html, lang, tld)).toMatchObject({ amount, currency });
  });

  it("a regular price alone is still no price", () => {
    expect(shop('<span class="price">UVP 49,99 €</span>', "de-DE", "de")).toBeNull();
  });

  it('"1 x" is a quantity, not an instalment plan; "2 x" still is', () => {
    expect(shop('<span class="price">1 x 29,99 €</span>', "de-DE", "de")).toMatchObject({ amount: 29.99 });
    expect(shop('<span class="price">2 x 14,99 €</span>', "de-DE", "de")).toBeNull();
  });

  it('the Swedish "299:-" is whole kronor', () => {
    expect(shop('<span class="price">1 299:-</span>', "sv-SE", "se")).toMatchObject({
      amount: 1299,
      currency: "SEK",
    });
  });
});

describe("a shipping, monthly or instalment amount alone is no price", () => {
  it.each([
    ['<span class="price">or 6 payments of $50.00</span>', "en-US", "com"],
    ['<span class="price">$45/mo for 24 months</span>', "en-US", "com"],
    ['<span class="price">12 cuotas sin interés de $ 8.332</span>', "es-AR", "com.ar"],
    ['<span class="price">Shipping: $5.99</span>', "en-US", "com"],
    ['<span class="price">Livraison gratuite dès 50 €</span>', "fr-FR", "fr"],
  ] as const)("%s states no price", (html, lang, tld) => {
    expect(shop(html, lang, tld)).toBeNull();
  });
});

describe("a bare number is a price only under a price label", () => {
  it.each([
    "Qty: 2",
    "Year: 2024",
    "Rating: 4.5",
    "Kod: 1234",
    "Artikelnummer: 58.732",
    "4.8 (1,234 reviews)",
  ])("%s is no price", (text) => {
    expect(shop(`<span class="price">${text}</span>`, "en-US", "com")).toBeNull();
  });

  it.each([
    ["Price: 24.99", 24.99],
    ["Precio oferta: 24.99", 24.99],
    ["Sonderpreis 24.99", 24.99],
    ["Før 899,- Nu 599,-", 599],
    ["34.12 (40.94 inc VAT)", 34.12],
  ] as const)("%s → %s", (text, amount) => {
    expect(shop(`<span class="price">${text}</span>`, "en-US", "com")).toMatchObject({ amount });
  });
});

it("a label that spells another currency's sign before the amount loses to the local sign after it", () => {
  expect(shop('<span class="price">Ár: 15 990 Ft</span>', "hu-HU", "hu")).toMatchObject({
    amount: 15990,
    currency: "HUF",
  });
});
