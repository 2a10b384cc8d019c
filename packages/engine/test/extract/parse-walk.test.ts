/**
 * The whole page is read while it is parsed (parseAndWalk); a scope's elements are walked after the parse
 * (walkPage). Both must give the same facts: the same lines and values, and the same elements by position.
 */
import type { AnyNode, Document } from "domhandler";
import { describe, expect, it } from "vitest";
import { parseCapped } from "../../src/extract/html/parse-capped";
import { parseAndWalk } from "../../src/extract/html/parse-walk";
import { distinctSorted } from "../../src/extract/html/structure";
import { type PageFacts, walkPage } from "../../src/extract/html/walk";
import { htmlCorpusEntries, readCorpusPage } from "../compare/mutations/corpus";

/** Every node's place in document order, so facts from two parses of one page can be compared. */
function positions(document: Document): Map<AnyNode, number> {
  const order = new Map<AnyNode, number>();
  const stack: AnyNode[] = [document];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    order.set(node, order.size);
    if ("children" in node)
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
  return order;
}

/** The facts as JSON, elements named by position (a string compares fast, and shows where two differ). */
function comparable(facts: PageFacts, document: Document): string {
  const order = positions(document);
  return JSON.stringify(
    { ...facts, meta: [...facts.meta] },
    (key, value) => {
      if (key === "element" || (value !== null && typeof value === "object" && order.has(value))) {
        const at = order.get(value);
        if (at === undefined) throw new Error("a fact points outside the parsed page");
        return `node #${at}`;
      }
      return value;
    },
    1,
  );
}

function expectSameFacts(html: string): PageFacts {
  const streamed = parseAndWalk(html);
  const tree = parseCapped(html);
  const walked = comparable(walkPage([tree]), tree);
  expect(comparable(streamed.facts, streamed.document)).toBe(walked);
  return streamed.facts;
}

describe("facts read while parsing", () => {
  it("equal the tree walk's on pages built to differ: text in pieces, implied closes, content read late", () => {
    const facts =
      expectSameFacts(`<!doctype html><html lang="de"><head><title></title><title>Real &amp; title</title>
      <script type="application/ld+json">{"@type":"Product","name":"A"}</script><meta property="og:type" content="product">
      <style>p{}</style><base href="/shop/"></head><body>
      <p>Fish &amp; chips &mdash; <b>bold</b>&nbsp;text<p>implied close<li>one<li>two<li>three
      <pre>a  b&lt;
c</pre><div class="price" id="p">19,99 &euro;</div><del>29,99 &euro;</del>
      <a href="/cart/add?id=1" class="btn"><span>In den Warenkorb</span></a>
      <button class="notify">Notify me <svg><title>icon</title></svg></button><form action="/cart/add"><input type="submit" value="Buy now"></form>
      <noscript><p>no js</p></noscript><template><p class="price">9</p></template><![CDATA[hidden]]>
      <div hidden><p class="stock">In stock</p></div><ul><li><a href="/a">A</a></li><li><a href="/b">B</a></li><li><a href="/c">C</a></li></ul>
      <table><tr><td>Name<td>Price</table><img src="/i.png" srcset="/i-2.png 2x"><nav><ul><li>x</li><li>y</li><li>z</li></ul></nav>
      <math><mi>x</mi></math><select><option>opt</option></select><textarea>area</textarea><h2>Details</h2>`);
    expect(facts.title).toBe("Real & title");
    expect(facts.jsonLd).toHaveLength(1);
    expect(facts.lines).toContain("Fish & chips — bold text");
    expect(facts.buyControls.map((c) => c.kind)).toEqual(["buy", "notify", "buy"]);
    expect(facts.listParents.length).toBeGreaterThan(2);
  });

  it("keep the first forty buy controls in document order when buttons nest in links", () => {
    const controls = Array.from(
      { length: 50 },
      (_, i) => `<a href="/p/${i}" class="btn"><button class="add-to-cart">Buy ${i}</button></a>`,
    ).join("");
    const facts = expectSameFacts(`<body>${controls}</body>`);
    expect(facts.buyControls).toHaveLength(40);
  });

  it("list the visible paths read off the path tree distinct and in string order, as a sort would", () => {
    const pages = htmlCorpusEntries();
    const html = `<body><div class="a"><p>1</p></div><div class="a-b"><p>2</p></div><div class="a"><span>3</span></div>
      <div class="[&>svg]:w-4"><i>4</i></div><section><div><p>5</p></div></section></body>`;
    for (const text of [html, ...pages.map((entry) => readCorpusPage(entry).input.text)]) {
      const { paths } = parseAndWalk(text).facts;
      expect(paths).toEqual(distinctSorted(paths));
    }
  });

  it("equal the tree walk's on every corpus page", () => {
    const pages = htmlCorpusEntries();
    expect(pages.length).toBeGreaterThan(100);
    for (const entry of pages) expectSameFacts(readCorpusPage(entry).input.text);
  }, 120_000); // 200+ pages parsed twice: a minute and more on a loaded machine
});
