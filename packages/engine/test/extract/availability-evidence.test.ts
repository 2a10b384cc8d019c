/**
 * Issue 10 §2: availability weighs the evidence (what the page says near the product, its buy button,
 * structured data over every offer) and says "unknown" when the evidence disagrees.
 */
import { describe, expect, it } from "vitest";
import { extractSnapshotSync } from "../../src/extract";
import { statedAvailability } from "../../src/extract/availability/text-cues";
import { productJsonLd } from "./product-json-ld";

const stockOf = (body: string, head = "") =>
  extractSnapshotSync({
    url: "https://shop.example/p/1",
    contentType: "text/html",
    text: `<html><head>${head}</head><body>${body}</body></html>`,
  }).availability;

const jsonLd = (...availability: string[]) =>
  productJsonLd({ name: "Boot", price: "69.95", currency: "EUR" }, ...availability);

describe("what the page shows beats what its structured data says", () => {
  it("a page that says sold out is out of stock, whatever its JSON-LD says", () => {
    expect(stockOf(`<h1>Boot</h1><p class="price">€69.95</p><p>Sold out</p>`, jsonLd("InStock"))).toBe(
      "out_of_stock",
    );
  });

  it("an enabled buy button next to the product is in stock although the JSON-LD says out of stock", () => {
    const body = `<h1>Boot</h1><p class="price">€69.95</p><form id="add-to-basket-form"><button type="submit">Add to your basket</button></form>`;
    expect(stockOf(body, jsonLd("OutOfStock"))).toBe("in_stock");
  });

  it("a buy button without a stock word, in any language, is read from its attributes or label", () => {
    for (const label of [
      "In den Warenkorb",
      "Ajouter au panier",
      "Dodaj do koszyka",
      "Sepete ekle",
      "В корзину",
    ])
      expect(stockOf(`<h1>Boot</h1><button class="btn">${label}</button>`), label).toBe("in_stock");
    expect(stockOf(`<h1>Boot</h1><button class="js-add-to-cart"><svg></svg></button>`)).toBe("in_stock");
  });

  it('"notify me" in place of the buy button is out of stock', () => {
    expect(stockOf(`<h1>Boot</h1><p>€69.95</p><button class="btn">Notify me when available</button>`)).toBe(
      "out_of_stock",
    );
    expect(stockOf(`<h1>Boot</h1><p>€69.95</p><button class="btn">Benachrichtigen</button>`)).toBe(
      "out_of_stock",
    );
  });

  it("size buttons partly disabled are a variant picker, not the buy button", () => {
    const sizes = ["38", "39", "40", "41"]
      .map((s, i) => `<button class="size"${i < 3 ? " disabled" : ""}>${s}</button>`)
      .join("");
    const body = `<h1>Boot</h1><p class="price">€69.95</p><div class="sizes">${sizes}</div><button class="add-to-cart">Add to cart</button>`;
    expect(stockOf(body, jsonLd("OutOfStock", "OutOfStock", "OutOfStock", "InStock"))).toBe("in_stock");
  });

  it("one available variant in the structured data makes the product available", () => {
    expect(stockOf(`<h1>Boot</h1>`, jsonLd("OutOfStock", "InStock", "OutOfStock"))).toBe("in_stock");
    expect(stockOf(`<h1>Boot</h1>`, jsonLd("OutOfStock", "OutOfStock"))).toBe("out_of_stock");
  });
});

describe("conflicting evidence is unknown, not a confident wrong answer", () => {
  it("a sold-out line and an enabled buy button next to the same title", () => {
    const body = `<h1>Boot</h1><p class="price">€69.95</p><p>Out of stock</p><button class="add-to-cart">Add to cart</button>`;
    expect(stockOf(body, jsonLd("InStock"))).toBe("unknown");
  });
});

describe("evidence that is about something else is left out", () => {
  it("stock of related product tiles does not describe the product on show", () => {
    const tile = (n: number) =>
      `<div class="product-tile"><a href="/p/${n}"><img src="/${n}.jpg">Other ${n}</a><span class="stock">Sold out</span></div>`;
    const body = `<h1>Boot</h1><p class="price">€69.95</p><div class="tiles">${[1, 2, 3, 4].map(tile).join("")}</div>`;
    expect(stockOf(body)).toBe("in_stock");
  });

  it("a pick-up or delivery channel that is unavailable is not the product's stock", () => {
    const body = `<h1>Boot</h1><p class="price">€69.95</p><button class="add-to-cart">Añadir al carro</button>
      <div class="availability"><p>Retiro en tienda</p><strong><span class="unavailable">No disponible</span></strong></div>`;
    expect(stockOf(body)).toBe("in_stock");
  });

  it("a stock line the page names, after a heading that is not the product's, is still the product's stock", () => {
    // A classified ad: the site's breadcrumb is an h1 too; the ad's own h1 (the one the title repeats) comes
    // later with a gallery. A stock line under the first h1 is no other product's tile.
    const body = `<header><nav><h1 class="crumbs">Birmingham &gt; garden – by owner</h1><p class="availability">Out of stock</p></nav></header>
      <section><h1 class="title">Steel garage 4x5 m, matt black, galvanised - <span class="price">£1,899</span></h1>
      <figure><div class="slide"><img src="/1.jpg"></div></figure><p>Collection only.</p></section>`;
    const head = "<title>Steel garage 4x5 m, matt black, galvanised | Cheap garages</title>";
    expect(stockOf(body, head)).toBe("out_of_stock");
    expect(stockOf(body.replace("Out of stock", ""), head)).toBe("in_stock");
  });

  it('"we don\'t know when it will be back in stock" says out of stock', () => {
    expect(statedAvailability("We don't know when or if this item will be back in stock.")).toBe(
      "out_of_stock",
    );
    expect(statedAvailability("Ob und wann dieser Artikel wieder vorrätig sein wird, ist unbekannt.")).toBe(
      "out_of_stock",
    );
  });
});

describe("stock lines in 20+ languages", () => {
  it.each([
    ["Out of stock", "out_of_stock"],
    ["Ausverkauft", "out_of_stock"],
    ["Rupture de stock", "out_of_stock"],
    ["Agotado", "out_of_stock"],
    ["Esaurito", "out_of_stock"],
    ["Uitverkocht", "out_of_stock"],
    ["Esgotado", "out_of_stock"],
    ["Brak towaru", "out_of_stock"],
    ["Vyprodáno", "out_of_stock"],
    ["Slutsåld", "out_of_stock"],
    ["Udsolgt", "out_of_stock"],
    ["Loppuunmyyty", "out_of_stock"],
    ["Stokta yok", "out_of_stock"],
    ["Нет в наличии", "out_of_stock"],
    ["Εξαντλήθηκε", "out_of_stock"],
    ["Elfogyott", "out_of_stock"],
    ["Stoc epuizat", "out_of_stock"],
    ["Nema na stanju", "out_of_stock"],
    ["Hết hàng", "out_of_stock"],
    ["Stok habis", "out_of_stock"],
    ["המוצר אינו במלאי", "out_of_stock"],
    ["غير متوفر", "out_of_stock"],
    ["ناموجود", "out_of_stock"],
    ["在庫切れ", "out_of_stock"],
    ["缺货", "out_of_stock"],
    ["품절", "out_of_stock"],
    ["สินค้าหมด", "out_of_stock"],
    ["In stock", "in_stock"],
    ["Auf Lager", "in_stock"],
    ["En stock", "in_stock"],
    ["Op voorraad", "in_stock"],
    ["Em estoque", "in_stock"],
    ["Skladem", "in_stock"],
    ["W magazynie", "in_stock"],
    ["I lager", "in_stock"],
    ["Varastossa", "in_stock"],
    ["В наличии", "in_stock"],
    ["Raktáron", "in_stock"],
    ["În stoc", "in_stock"],
    ["Còn hàng", "in_stock"],
    ["在庫あり", "in_stock"],
    ["Only 3 left", "limited"],
    ["Pre-order", "preorder"],
    ["Tillfälligt slut", "out_of_stock"],
    ["Loppu varastosta", "out_of_stock"],
    ["Товар закончился", "out_of_stock"],
    ["已售罄", "out_of_stock"],
    ["M'alerter du retour en stock", "out_of_stock"],
    ["Powiadom o dostępności", "out_of_stock"],
    ["Précommander", "preorder"],
    ["Предзаказ", "preorder"],
    // "Back" said as a fact, not a condition: available.
    ["Wieder auf Lager", "in_stock"],
    ["Sobald der Artikel wieder auf Lager ist", "out_of_stock"],
    ["Ej i lager", "out_of_stock"],
    ["Ei saatavilla", "out_of_stock"],
    ["Ikke tilgjengelig", "out_of_stock"],
    ["Nem rendelhető", "out_of_stock"],
    ["Εκτός αποθέματος", "out_of_stock"],
    ["Nije dostupno", "out_of_stock"],
    ["המוצר אזל", "out_of_stock"],
  ])("%s → %s", (text, expected) => {
    expect(statedAvailability(text)).toBe(expected);
  });
});

it("a sold-out size under a size label is about that size: the enabled buy button decides", () => {
  const body = `<h1>Linen Shirt</h1><div class="price">29,99 €</div>
    <p>Taille : <span>XS – épuisé</span> <span>S</span> <span>M</span></p><button>Ajouter au panier</button>`;
  expect(stockOf(body, "<title>Linen Shirt</title>")).toBe("in_stock");
});
