/**
 * Issue 10 §2, end to end: small generated product pages for the stock families that went wrong (a price,
 * no buy button and a sold-out phrase the cues do not know; size buttons partly disabled; structured data
 * against the visible text; a buy form whose button's words no cue knows), each read through extractSnapshotSync.
 */
import { describe, expect, it } from "vitest";
import { extractSnapshotSync } from "../../src/extract";
import { productJsonLd } from "./product-json-ld";

interface PageParts {
  lang: string;
  price: string;
  buyBox: string;
  head?: string;
}

function stockOf({ lang, price, buyBox, head = "" }: PageParts): string {
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Kikombe cha kahawa</title>${head}</head>
    <body><nav><a href="/">Home</a> › <a href="/c">Jikoni</a></nav>
    <main><h1>Kikombe cha kahawa</h1><div class="gallery"><img src="/1.jpg" alt=""></div>
    <div class="product-price">${price}</div>${buyBox}</main><footer>© 2026</footer></body></html>`;
  return extractSnapshotSync({ url: "https://duka.example/p/1", contentType: "text/html", text: html })
    .availability;
}

const offer = (availability: string) =>
  productJsonLd({ name: "Kikombe cha kahawa", price: "1200", currency: "KES" }, availability);

describe("a price, no buy button, and a stock status in words no cue knows", () => {
  const status = (cls: string, words: string) => `<p class="${cls}">${words}</p>`;

  it("is unknown, not in stock, when the page names the element as its stock status", () => {
    expect(stockOf({ lang: "sw", price: "KSh 1,200", buyBox: status("stock", "Imeisha") })).toBe("unknown");
    expect(stockOf({ lang: "tl", price: "₱450.00", buyBox: status("availability", "Ubos na") })).toBe(
      "unknown",
    );
  });

  it("is out of stock when the template's class says so, whatever the words", () => {
    expect(stockOf({ lang: "sw", price: "KSh 1,200", buyBox: status("stock out-of-stock", "Imeisha") })).toBe(
      "out_of_stock",
    );
    expect(
      stockOf({ lang: "cy", price: "£12.00", buyBox: status("availability sold-out", "Wedi gwerthu") }),
    ).toBe("out_of_stock");
  });

  it("is in stock when an enabled buy button is there, or the status counts some on hand", () => {
    const buy = `<form action="/cart/add"><button type="submit" class="btn">Ongeza kwenye kikapu</button></form>`;
    expect(stockOf({ lang: "sw", price: "KSh 1,200", buyBox: status("stock", "Imeisha") + buy })).toBe(
      "in_stock",
    );
    expect(stockOf({ lang: "sw", price: "KSh 1,200", buyBox: status("stock", "Vipande 4") })).toBe(
      "in_stock",
    );
  });

  it("takes the structured data's answer when the words cannot be read", () => {
    const buyBox = status("stock", "Imeisha");
    expect(stockOf({ lang: "sw", price: "KSh 1,200", buyBox, head: offer("OutOfStock") })).toBe(
      "out_of_stock",
    );
    expect(stockOf({ lang: "sw", price: "KSh 1,200", buyBox, head: offer("InStock") })).toBe("in_stock");
  });

  it("reads an in-stock word negated in a language it holds no phrase for, never as in stock", () => {
    for (const [lang, line] of [
      ["hu", "Jelenleg nincs raktáron"],
      ["pl", "Tego produktu nie ma w magazynie"],
      ["th", "ขออภัย ไม่มีสินค้า"],
      ["vi", "Sản phẩm không còn hàng"],
      ["de", "Auf Lager: 0 Stück"],
    ] as const)
      expect(stockOf({ lang, price: "19,99 €", buyBox: `<p>${line}</p>` }), line).toBe("out_of_stock");
  });
});

describe("a buy form's own button, in words no cue knows", () => {
  const form = (button: string) => `<form action="/cart/add" method="post">${button}</form>`;

  it("is the buy control: disabled, the product is out of stock; enabled, in stock", () => {
    expect(
      stockOf({
        lang: "sw",
        price: "KSh 1,200",
        buyBox: form(`<button name="add" disabled>Imeisha</button>`),
      }),
    ).toBe("out_of_stock");
    expect(
      stockOf({
        lang: "sw",
        price: "KSh 1,200",
        buyBox: form(`<input type="submit" value="Imeisha" disabled>`),
      }),
    ).toBe("out_of_stock");
    expect(
      stockOf({ lang: "sw", price: "KSh 1,200", buyBox: form(`<button name="add">Ongeza</button>`) }),
    ).toBe("in_stock");
  });

  it("only its submit buttons: a disabled quantity stepper in the form is not the buy button", () => {
    const stepper = `<button type="button" class="qty-minus" disabled>−</button><input type="number" value="1">`;
    expect(
      stockOf({
        lang: "sw",
        price: "KSh 1,200",
        buyBox: form(`${stepper}<button name="add">Ongeza</button>`),
      }),
    ).toBe("in_stock");
  });
});

describe("size buttons partly disabled", () => {
  const buy = `<button class="add-to-cart">Add to cart</button>`;

  it("a size whose button says sold out is that size, not the product", () => {
    const sizes = `<div class="size-picker"><button disabled>XS – Sold out</button><button>S</button><button>M</button></div>`;
    expect(stockOf({ lang: "en", price: "$24.00", buyBox: sizes + buy })).toBe("in_stock");
    const labelled = `<div class="sizes"><button class="size" disabled aria-label="EU 38, ausverkauft">38</button><button class="size">39</button></div>`;
    expect(
      stockOf({ lang: "de", price: "59,95 €", buyBox: `${labelled}<button>In den Warenkorb</button>` }),
    ).toBe("in_stock");
  });

  it("a size swatch classed unavailable, or a notify link beside one size, is about that size", () => {
    const swatches = `<ul class="swatches"><li><span class="swatch-availability unavailable">L</span></li><li><span class="swatch-availability">M</span></li></ul>`;
    expect(stockOf({ lang: "en", price: "$24.00", buyBox: swatches + buy })).toBe("in_stock");
    const perSize = `<ul><li class="size-item">11-12 y <a class="stock-notify" href="#n">Notify me</a></li></ul>`;
    expect(stockOf({ lang: "en", price: "$24.00", buyBox: perSize + buy })).toBe("in_stock");
  });

  it("every size sold out and the buy button saying so is out of stock", () => {
    const sizes = `<div class="size-picker"><button disabled>S – Sold out</button><button disabled>M – Sold out</button></div>`;
    expect(
      stockOf({ lang: "en", price: "$24.00", buyBox: `${sizes}<button disabled>Sold out</button>` }),
    ).toBe("out_of_stock");
  });
});

describe("structured data against the visible text", () => {
  it("the visible statement is what the visitor reads: it wins over the structured value", () => {
    expect(
      stockOf({
        lang: "ro",
        price: "129,00 lei",
        buyBox: "<p>Nu mai este în stoc</p>",
        head: offer("InStock"),
      }),
    ).toBe("out_of_stock");
    const buy = `<button class="add-to-cart">Adaugă în coș</button>`;
    expect(stockOf({ lang: "ro", price: "129,00 lei", buyBox: buy, head: offer("OutOfStock") })).toBe(
      "in_stock",
    );
  });

  it("a visible sold-out line beside an enabled buy button is unknown, whatever the structured data says", () => {
    const buyBox = `<p class="stock">Stokta bulunmamaktadır</p><button class="add-to-cart">Sepete ekle</button>`;
    expect(stockOf({ lang: "tr", price: "249,90 TL", buyBox, head: offer("InStock") })).toBe("unknown");
  });

  it("a question about stock states nothing: the buy button decides", () => {
    const buyBox = `<p class="stock-cta">Out of stock in your size? Notify me</p><button class="add-to-cart">Add to cart</button>`;
    expect(stockOf({ lang: "en", price: "$24.00", buyBox })).toBe("in_stock");
  });
});
