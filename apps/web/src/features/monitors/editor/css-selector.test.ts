import { cssSelectorFor, escapeIdent, isStableName } from "@changeradar/contracts";
import { beforeEach, describe, expect, it } from "vitest";

function pick(selector: string): Element {
  const element = document.querySelector(selector);
  if (!element) throw new Error(`fixture has no ${selector}`);
  return element;
}

describe("cssSelectorFor", () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <header><nav><a href="/">Home</a></nav></header>
      <main>
        <div id="product-42871234"><h1 class="title">Kettle</h1>
          <p class="price is-active css-1x2y3z">$24.99</p>
          <p class="price old">$29.99</p>
        </div>
        <section id="stock"><span>In stock</span></section>
        <ul class="list"><li>One</li><li>Two</li><li>Three</li></ul>
        <ul class="list"><li>Four</li></ul>
      </main>`;
  });

  it("anchors on a stable id", () => {
    expect(cssSelectorFor(pick("#stock span"))).toBe("#stock > span");
    expect(cssSelectorFor(pick("#stock"))).toBe("#stock");
  });

  it("skips generated ids and state or CSS-in-JS classes", () => {
    const selector = cssSelectorFor(pick(".price.is-active"));
    expect(selector).not.toContain("42871234");
    expect(selector).not.toContain("is-active");
    expect(selector).not.toContain("css-1x2y3z");
    expect(document.querySelectorAll(selector)).toHaveLength(1);
    expect(document.querySelector(selector)?.textContent).toBe("$24.99");
  });

  it("uses nth-of-type only where siblings look alike", () => {
    const selector = cssSelectorFor(pick("ul.list li:nth-child(2)"));
    expect(selector).toContain("li:nth-of-type(2)");
    expect(document.querySelector(selector)?.textContent).toBe("Two");
    expect(document.querySelectorAll(selector)).toHaveLength(1);
  });

  it("gives every element of a page a selector matching exactly that element", () => {
    for (const element of document.body.querySelectorAll("*")) {
      const selector = cssSelectorFor(element);
      expect(document.querySelectorAll(selector), selector).toHaveLength(1);
      expect(document.querySelector(selector)).toBe(element);
    }
  });
});

describe("name checks", () => {
  it("tells hand-written names from generated ones", () => {
    expect(isStableName("price")).toBe(true);
    expect(isStableName("product-title")).toBe(true);
    expect(isStableName("ember12345")).toBe(false);
    expect(isStableName(":r1a:")).toBe(false);
    expect(isStableName("button__x7f2a")).toBe(false);
    expect(isStableName("a1b2c3d4e5f6")).toBe(false);
  });

  it("escapes identifiers that are not plain CSS names", () => {
    const escaped = escapeIdent("1st:item");
    document.body.innerHTML = `<i id="1st:item"></i>`;
    expect(document.querySelectorAll(`#${escaped}`)).toHaveLength(1);
  });
});
