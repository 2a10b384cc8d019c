import { describe, expect, it } from "vitest";
import { extractSnapshotSync } from "../../src/extract";
import { schemaAvailability } from "../../src/extract/availability/schema-availability";
import { availabilityFromText } from "../../src/extract/availability/text-cues";

describe("schema.org availability values", () => {
  it.each([
    ["https://schema.org/InStock", "in_stock"],
    ["http://schema.org/OutOfStock", "out_of_stock"],
    ["InStock", "in_stock"],
    ["SoldOut", "out_of_stock"],
    ["Discontinued", "out_of_stock"],
    ["PreOrder", "preorder"],
    ["PreSale", "preorder"],
    ["BackOrder", "backorder"],
    ["LimitedAvailability", "limited"],
    ["InStoreOnly", "in_stock"],
    ["OnlineOnly", "in_stock"],
    ["schema:InStock", "in_stock"],
    ["in stock", "in_stock"],
    ["oos", "out_of_stock"],
    ["preorder", "preorder"],
  ])("%s → %s", (value, expected) => {
    expect(schemaAvailability(value)).toBe(expected);
  });

  it("does not guess at unknown values", () => {
    expect(schemaAvailability("Whatever")).toBeNull();
    expect(schemaAvailability("")).toBeNull();
  });
});

describe("availability cues in visible text", () => {
  it.each([
    ["Out of stock", "out_of_stock"],
    ["Sold out", "out_of_stock"],
    ["Currently unavailable.", "out_of_stock"],
    ["Ausverkauft", "out_of_stock"],
    ["Leider nicht verfügbar", "out_of_stock"],
    ["Rupture de stock", "out_of_stock"],
    ["Article épuisé", "out_of_stock"],
    ["Agotado", "out_of_stock"],
    ["Esaurito", "out_of_stock"],
    ["Uitverkocht", "out_of_stock"],
    ["Esgotado", "out_of_stock"],
    ["在庫切れ", "out_of_stock"],
    ["売り切れ", "out_of_stock"],
    ["Pre-order now", "preorder"],
    ["Jetzt vorbestellen", "preorder"],
    ["Précommande", "preorder"],
    ["予約受付中", "preorder"],
    ["Backordered: ships in 3 weeks", "backorder"],
    ["Only 3 left in stock", "limited"],
    ["Nur noch 2 auf Lager", "limited"],
    ["残りわずか", "limited"],
    ["Add to cart", "in_stock"],
    ["In den Warenkorb", "in_stock"],
    ["Ajouter au panier", "in_stock"],
    ["Añadir al carrito", "in_stock"],
    ["Aggiungi al carrello", "in_stock"],
    ["In winkelwagen", "in_stock"],
    ["Adicionar ao carrinho", "in_stock"],
    ["カートに入れる", "in_stock"],
    ["Auf Lager", "in_stock"],
    ["Niedostępny", "out_of_stock"],
    ["Slut i lager", "out_of_stock"],
    ["Finns i lager", "in_stock"],
    ["Нет в наличии", "out_of_stock"],
    ["המוצר אינו במלאי", "out_of_stock"],
  ])("%s → %s", (text, expected) => {
    expect(availabilityFromText(text)).toBe(expected);
  });

  it("says nothing about text without a stock cue", () => {
    expect(availabilityFromText("Free delivery on orders over £50")).toBeNull();
  });

  it("prefers the buy box right after the product heading to the rest of the page", () => {
    const html = `<html><body><h1>Espresso machine</h1><p>€ 199,00</p><p>Ausverkauft</p>
      <section><h2>Related</h2><ul><li>Grinder <button>In den Warenkorb</button></li></ul></section></body></html>`;
    const s = extractSnapshotSync({ url: "https://shop.example.de/p", contentType: "text/html", text: html });
    expect(s.availability).toBe("out_of_stock");
  });

  it("uses a stock element's text over other cues", () => {
    const html = `<html><body><h1>Tent</h1><div class="stock-status">Only 2 left</div><button>Add to cart</button></body></html>`;
    const s = extractSnapshotSync({
      url: "https://shop.example.com/p",
      contentType: "text/html",
      text: html,
    });
    expect(s.availability).toBe("limited");
  });
});
