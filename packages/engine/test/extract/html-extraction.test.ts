import { describe, expect, it } from "vitest";
import { extractSnapshotSync } from "../../src/extract";
import { hiddenClasses } from "../../src/extract/html/class-facts";

const extract = (html: string, url = "https://example.com/dir/page.html") =>
  extractSnapshotSync({ url, contentType: "text/html", text: html });

describe("visible text", () => {
  it("breaks lines at blocks, not at inline elements, and decodes entities", () => {
    const s = extract(`<html><head><title>T</title><style>p{}</style></head><body>
      <h1>Hello <b>wor</b>ld</h1><p>Fish &amp; chips&nbsp;&mdash; tasty</p><ul><li>One</li><li>Two<br>Three</li></ul>
      <table><tr><td>Name</td><td>Price</td></tr></table></body></html>`);
    expect(s.lines).toEqual(["Hello world", "Fish & chips — tasty", "One", "Two", "Three", "Name Price"]);
  });

  it("skips scripts, templates, svg and hidden content", () => {
    const s =
      extract(`<body><script>var x = "no";</script><noscript>no js</noscript><template><p>tpl</p></template>
      <svg><text>svg</text></svg><p hidden>attr</p><p aria-hidden="true">aria</p><p style="color:red; display: none">css</p>
      <p class="d-none">class</p><p>shown</p></body>`);
    expect(s.lines).toEqual(["shown"]);
  });

  it("hides an element by any of the hidden utility classes among others, not by a class that only contains one", () => {
    const s = extract(
      `<body>${[...hiddenClasses].map((cls, i) => `<p class="card  ${cls}\tbig">h${i}</p>`).join("")}
      <p class="hidden-xs">near 1</p><p class="d-none-print">near 2</p><p class="unhide">near 3</p><p class="">empty</p></body>`,
    );
    expect(s.lines).toEqual(["near 1", "near 2", "near 3", "empty"]);
  });

  it("keeps the line breaks of preformatted text", () => {
    expect(extract("<pre>a  b\nc</pre>").lines).toEqual(["a b", "c"]);
  });

  it("takes the title from <title>, else og:title", () => {
    expect(extract("<head><title> A   title </title></head>").title).toBe("A title");
    expect(extract('<head><meta property="og:title" content="OG"></head>').title).toBe("OG");
  });
});

describe("what the walk reads off an element's attributes", () => {
  it("shows the value of a submit input, not of a hidden or a text one", () => {
    const s =
      extract(`<body><form><input type="hidden" value="secret"><input type="submit" value="Add to basket">
      <input type="text" value="typed"></form></body>`);
    expect(s.lines).toEqual(["Add to basket"]);
  });

  it("reads the price an element's id or test id names, before an amount the page shows first", () => {
    const page = (attribute: string) => `<html lang="en"><head><title>Acme Anvil</title></head><body>
      <h1>Acme Anvil</h1><p>Orders over €50.00 ship free</p><div><span ${attribute}>€24.99</span></div>
      <button>Add to cart</button></body></html>`;
    expect(extract(page('data-testid="product-price"')).price).toMatchObject({
      amount: 24.99,
      currency: "EUR",
    });
    expect(extract(page('id="product-price"')).price).toMatchObject({ amount: 24.99, currency: "EUR" });
    expect(extract(page('data-role="product-price"')).price?.amount).toBe(50);
  });
});

describe("images", () => {
  it("resolves src, srcset (largest candidate), picture sources, lazy src and og:image against <base>", () => {
    const s =
      extract(`<html><head><base href="https://cdn.example.com/assets/"><meta property="og:image" content="/og.jpg"></head><body>
      <img src="a.jpg"><img src="a.jpg"><img src="small.jpg" srcset="small.jpg 320w, large.jpg 1280w, medium.jpg 640w">
      <picture><source srcset="hero.webp 1x, hero@2x.webp 2x"><img src="hero.jpg"></picture>
      <img src="data:image/gif;base64,R0lGOD" data-src="lazy.jpg"><img src="data:image/png;base64,AAAA">
      <img src="/pixel.gif" width="1" height="1"><img src="/t/spacer.gif"></body></html>`);
    expect(s.images).toEqual([
      "https://cdn.example.com/og.jpg",
      "https://cdn.example.com/assets/a.jpg",
      "https://cdn.example.com/assets/large.jpg",
      "https://cdn.example.com/assets/hero@2x.webp",
      "https://cdn.example.com/assets/hero.jpg",
      "https://cdn.example.com/assets/lazy.jpg",
    ]);
  });
});

describe("structure fingerprint", () => {
  it("ignores text, ids and generated class names, and sorts classes", () => {
    const a = extract(`<body><div id="x1" class="main b css-1x2y3z"><p>One</p></div></body>`);
    const b = extract(`<body><div id="y2" class="b main css-9q8w7e"><p>Other text</p></div></body>`);
    expect(a.structure.hash).toBe(b.structure.hash);
    expect(a.structure.paths).toEqual(["body", "body>div.b.main", "body>div.b.main>p"]);
  });

  it("changes when the layout changes", () => {
    const a = extract(`<body><div class="main"><p>One</p></div></body>`);
    const b = extract(`<body><div class="main"><section><p>One</p></section></div></body>`);
    expect(a.structure.hash).not.toBe(b.structure.hash);
  });
});

describe("items", () => {
  it("finds repeated link blocks with titles and absolute URLs, outside navigation", () => {
    const tiles = ["Alpha", "Beta", "Gamma"]
      .map((t, i) => `<div class="tile"><img src="/i${i}.jpg"><h3>${t}</h3><a href="/p/${i}">more</a></div>`)
      .join("");
    const s =
      extract(`<body><nav><ul><li><a href="/">Home</a></li><li><a href="/a">A</a></li><li><a href="/b">B</a></li></ul></nav>
      <main><div class="grid">${tiles}</div></main></body>`);
    expect(s.items).toEqual([
      { title: "Alpha", url: "https://example.com/p/0", key: "https://example.com/p/0" },
      { title: "Beta", url: "https://example.com/p/1", key: "https://example.com/p/1" },
      { title: "Gamma", url: "https://example.com/p/2", key: "https://example.com/p/2" },
    ]);
  });

  it("leaves out entries the visitor does not see: hidden by an attribute, a style or a utility class", () => {
    const entry = (attributes: string, path: string) =>
      `<li ${attributes}><a href="/${path}">Entry ${path}</a></li>`;
    const s = extract(`<body><ul>
      ${["a", "b", "c"].map((path) => entry('class="card"', path)).join("")}
      ${entry('class="card" hidden', "x")}${entry('class="card" style="display: none"', "y")}
      ${entry('class="card" aria-hidden="true"', "z")}
      ${["s1", "s2", "s3"].map((path) => entry('class="card sr-only"', path)).join("")}
    </ul></body>`);
    expect(s.items.map((i) => i.url)).toEqual(["a", "b", "c"].map((path) => `https://example.com/${path}`));
  });

  it("takes the first link with text as an entry's title, past icon links", () => {
    const rows = [1, 2, 3]
      .map(
        (i) =>
          `<tr><td><a href="/vote?id=${i}"><span class="arrow"></span></a></td><td><a href="/story/${i}">Story ${i}</a></td></tr>`,
      )
      .join("");
    const s = extract(`<body><table>${rows}</table></body>`);
    expect(s.items.map((i) => [i.title, i.url])).toEqual([
      ["Story 1", "https://example.com/story/1"],
      ["Story 2", "https://example.com/story/2"],
      ["Story 3", "https://example.com/story/3"],
    ]);
  });

  it("keeps the same keys when entries are re-ordered", () => {
    const list = (order: number[]) =>
      `<ul>${order.map((i) => `<li><a href="/n/${i}">News ${i}</a></li>`).join("")}</ul>`;
    const keys = (order: number[]) =>
      extract(`<body>${list(order)}</body>`)
        .items.map((i) => i.key)
        .sort();
    expect(keys([1, 2, 3, 4])).toEqual(keys([4, 3, 1, 2]));
  });

  it("keeps the first 500 entries in page order, an entry listed twice once", () => {
    const list = (prefix: string, from: number, count: number) =>
      `<ul class="list-${prefix}-${count === 3 ? "short" : "long"}">${Array.from({ length: count }, (_, i) => `<li><a href="/${prefix}/${from + i}">${prefix} ${from + i}</a></li>`).join("")}</ul>`;
    const s = extract(
      `<body>${list("a", 0, 3)}${list("a", 0, 300)}${list("b", 0, 300)}${list("c", 0, 3)}</body>`,
    );
    expect(s.items).toHaveLength(500);
    expect(s.items.slice(0, 2).map((i) => i.title)).toEqual(["a 0", "a 1"]);
    expect(s.items[299]?.title).toBe("a 299");
    expect(s.items[499]?.title).toBe("b 199");
  });
});
