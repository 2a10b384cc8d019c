import { describe, expect, it } from "vitest";
import { extractSnapshotSync } from "../../src/extract";

/** Buy boxes as the common shop systems render them, without structured data: the text rules alone. */
const extract = (body: string, url: string) =>
  extractSnapshotSync({
    url,
    contentType: "text/html",
    text: `<!doctype html><html><head><title>Shop</title></head><body>${body}</body></html>`,
  });

describe("visible buy boxes of common shop templates", () => {
  it("WooCommerce sale price: the <del> regular price is skipped", () => {
    const s = extract(
      `<h1 class="product_title">Mug</h1><p class="price"><del><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&pound;</span>25.00</bdi></span></del>
       <ins><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&pound;</span>20.00</bdi></span></ins></p>
       <p class="stock out-of-stock">Out of stock</p>`,
      "https://shop.example.co.uk/product/mug/",
    );
    expect(s.price).toMatchObject({ amount: 20, currency: "GBP", source: "text" });
    expect(s.availability).toBe("out_of_stock");
  });

  it("Magento special price beside an old-price block", () => {
    const s = extract(
      `<h1 class="page-title"><span>Jacket</span></h1><div class="price-box"><span class="old-price"><span class="price">€ 89,00</span></span>
       <span class="special-price"><span class="price">€ 69,00</span></span></div><div class="stock available"><span>Auf Lager</span></div>
       <form action="https://shop.example.de/checkout/cart/add/"><button class="action tocart">In den Warenkorb</button></form>`,
      "https://shop.example.de/jacket.html",
    );
    expect(s.price).toMatchObject({ amount: 69, currency: "EUR" });
    expect(s.availability).toBe("in_stock");
  });

  it("Shopify-style regular/sale items and a sold-out button", () => {
    const s = extract(
      `<h1>Poster</h1><div class="price price--on-sale"><s class="price-item price-item--regular">$30.00</s>
       <span class="price-item price-item--sale">$24.00</span></div><button type="submit" name="add" disabled>Sold out</button>`,
      "https://poster.example.com/products/poster",
    );
    expect(s.price).toMatchObject({ amount: 24, currency: "USD" });
    expect(s.availability).toBe("out_of_stock");
  });

  it("cents in superscript and a monthly instalment beside the price", () => {
    const s = extract(
      `<h1>Laptop</h1><div class="financing-price">$45/mo for 24 months</div><div class="price-current">$1,099<sup>99</sup></div>
       <button class="add-to-cart-button">Add to Cart</button>`,
      "https://electronics.example.com/laptop",
    );
    expect(s.price).toMatchObject({ amount: 1099.99, currency: "USD" });
  });

  it("a marketplace listing that only shows the price next to the title", () => {
    const s = extract(
      `<header><a href="/">Market</a></header><h1>Bicycle, barely used</h1><div>Price</div><div>CHF 1'250.–</div><a class="btn buy-now" href="/buy/1">Kaufen</a>`,
      "https://markt.example.ch/inserat/1",
    );
    expect(s.price).toMatchObject({ amount: 1250, currency: "CHF", source: "text" });
    expect(s.availability).toBe("in_stock");
  });
});
