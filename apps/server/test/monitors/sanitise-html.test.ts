import { describe, expect, it } from "vitest";
import { linkedStylesheets, parsePage, sanitisedHtml } from "../../src/monitors/sanitise-html";

/** Parses and sanitises in one go, as the preview does. */
const clean = (html: string, url: string, stylesheets?: ReadonlyMap<string, string>) =>
  sanitisedHtml(parsePage(html, url), stylesheets);

/** What must never survive into the element picker's frame, whatever the sandbox does. */
const active =
  /<script|<iframe|<object|<embed|<svg|<math|<base|<meta|<link|<style|\son[a-z]+\s*=|javascript:|vbscript:|data:|srcdoc|formaction/i;

const page = "https://shop.test/p/anvil";

describe("the preview sanitiser (parse5, as a browser parses)", () => {
  it("keeps what the element picker needs: structure, classes, ids, links and images", () => {
    const html = clean(
      `<html><head><title>Shop</title></head><body><div id="main" class="product card"><h1>Anvil</h1>
       <p class="price">$24.99</p><a href="/buy?x=1&amp;y=2">Buy</a><img src="https://cdn.test/a.png" alt="A">
       <table><tr><td colspan="2">cell</td></tr></table><ul><li>one</li></ul></div></body></html>`,
      page,
    );
    expect(html).toContain('<div id="main" class="product card">');
    expect(html).toContain('<p class="price">$24.99</p>');
    expect(html).toContain('<a href="/buy?x=1&#x26;y=2">Buy</a>');
    expect(html).toContain('<img src="https://cdn.test/a.png" alt="A">');
    expect(html).toContain('<td colspan="2">cell</td>');
    expect(html).toMatch(/<head><title>Shop<\/title><\/head><body>/);
  });

  it("makes the page inert: no scripts, frames, handlers, base, meta refresh or javascript: links", () => {
    const html = clean(
      `<p onclick="x()">Hi</p><script>steal()</script><iframe src="https://evil"></iframe><a href="javascript:alert(1)">x</a><base href="https://evil/">`,
      page,
    );
    expect(html).toContain("<p>Hi</p>");
    expect(html).toContain("<a>x</a>");
    expect(html).not.toMatch(active);
  });

  // The OWASP XSS filter evasion cheat sheet's shapes, and those the hand-written sanitiser let through.
  it.each([
    ["svg/onload", "<svg/onload=alert(1)>"],
    ["quote-slash onerror", `<img src="x"/onerror=alert(1)>`],
    ["attribute breakout", `<img src=x"/onerror="alert(1)">`],
    ["entity-encoded javascript:", `<a href="&#106;avascript:alert(1)">a</a>`],
    [
      "hex entities without semicolons",
      `<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">a</a>`,
    ],
    ["tab inside javascript:", `<a href="jav&#x09;ascript:alert(1)">a</a>`],
    ["newline inside javascript:", '<a href="jav\nascript:alert(1)">a</a>'],
    ["upper-case protocol", `<a href="JaVaScRiPt:alert(1)">a</a>`],
    ["leading space and control characters", `<a href=" &#14; javascript:alert(1)">a</a>`],
    ["data: URL", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a</a>`],
    ["data: image with script", `<img src="data:image/svg+xml,<svg onload=alert(1)>">`],
    ["vbscript:", `<a href="vbscript:msgbox(1)">a</a>`],
    ["body onload", "<body onload=alert(1)>x</body>"],
    ["unquoted handler", "<div onmouseover=alert(1)>x</div>"],
    ["handler after slash", "<div/onclick=alert(1)>x</div>"],
    ["mixed-case tag", "<ScRiPt>alert(1)</sCrIpT>"],
    ["split script", "<scr<script>ipt>alert(1)</scr</script>ipt>"],
    ["script in noscript", '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
    ["textarea breakout", "<textarea></textarea><img src=x onerror=alert(1)>"],
    ["style with expression", `<div style="background:url(javascript:alert(1))">x</div>`],
    ["style element", "<style>@import 'javascript:alert(1)';</style>"],
    ["link stylesheet", `<link rel="stylesheet" href="javascript:alert(1)">`],
    ["meta refresh", `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`],
    ["iframe srcdoc", `<iframe srcdoc="<script>alert(1)</script>"></iframe>`],
    ["object data", `<object data="javascript:alert(1)"></object>`],
    ["embed src", `<embed src="javascript:alert(1)">`],
    ["form action", `<form action="javascript:alert(1)"><button>go</button></form>`],
    ["button formaction", `<form><button formaction="javascript:alert(1)">go</button></form>`],
    ["math href", `<math><mtext><a xlink:href="javascript:alert(1)">a</a></mtext></math>`],
    ["svg use", `<svg><use href="data:image/svg+xml,<svg id='x' onload='alert(1)'/>#x"/></svg>`],
    ["template", "<template><img src=x onerror=alert(1)></template>"],
    ["comment breakout", "<!--><img src=x onerror=alert(1)>-->"],
    ["CDATA in HTML", "<![CDATA[><img src=x onerror=alert(1)>]]>"],
    ["isindex action", `<isindex action="javascript:alert(1)" type=submit>`],
    ["video poster", `<video poster="javascript:alert(1)"></video>`],
  ])("%s is made harmless", (_name, vector) => {
    expect(clean(`<p>before</p>${vector}<p>after</p>`, page)).not.toMatch(active);
  });
});

/** What must never survive in the kept CSS: script-running values and non-http(s) URLs. */
const activeCss = /expression|javascript|vbscript|data:|behavior|binding|<script|url\((?!"https?:)/i;

describe("the preview keeps the page's styles, made safe", () => {
  it("keeps <style> rules and style attributes, with relative url()s made absolute", () => {
    const html = clean(
      `<head><style media="screen">.price { color: rgb(200, 0, 0); background: url(/img/bg.png) }</style></head>
       <body><p class="price" style="font-weight: 700; background-image: url('../dot.gif')">$5</p>
       <img src="/a.png" alt="A"></body>`,
      page,
    );
    expect(html).toContain(
      '<style media="screen">.price { color: rgb(200, 0, 0); background: url("https://shop.test/img/bg.png") }</style>',
    );
    expect(html).toContain(
      '<p class="price" style="font-weight: 700; background-image: url(&#x22;https://shop.test/dot.gif&#x22;)">',
    );
    expect(html).toContain('<img src="https://shop.test/a.png" alt="A">');
  });

  it("resolves against the page's own <base>, which itself is not kept", () => {
    const html = clean(`<base href="https://cdn.shop.test/v2/"><p style="background:url(x.png)">a</p>`, page);
    expect(html).toContain('style="background:url(&#x22;https://cdn.shop.test/v2/x.png&#x22;)"');
    expect(html).not.toContain("<base");
  });

  it("inlines the linked stylesheets it is given, resolving their url()s against the sheet", () => {
    const sheet = "https://cdn.shop.test/css/site.css";
    const source = `<link rel="stylesheet" href="//cdn.shop.test/css/site.css" media="print"><link rel="icon" href="/f.ico"><link rel="stylesheet" href="/missing.css"><h1>A</h1>`;
    expect(linkedStylesheets(parsePage(source, page))).toEqual([sheet, "https://shop.test/missing.css"]);
    const html = clean(source, page, new Map([[sheet, "h1 { background: url(../i/h.png) }"]]));
    expect(html).toContain(
      '<style media="print">h1 { background: url("https://cdn.shop.test/i/h.png") }</style>',
    );
    expect(html).not.toContain("<link");
    expect(html).not.toContain("missing");
  });

  it.each([
    ["expression()", "p { width: expression(alert(1)) }"],
    ["escaped expression()", "p { width: ex\\70 ression(alert(1)) }"],
    ["commented expression()", "p { width: expr/**/ession(alert(1)) }"],
    ["javascript: url", "p { background: url(javascript:alert(1)) }"],
    ["quoted javascript: url", `p { background: url("javascript:alert(1)") }`],
    ["escaped javascript: url", "p { background: url(java\\73 cript:alert(1)) }"],
    ["escaped url function", "p { background: \\75rl(javascript:alert(1)) }"],
    ["vbscript: url", "p { background: url(vbscript:msgbox(1)) }"],
    ["data: url", "p { background: url(data:image/svg+xml,<svg/onload=alert(1)>) }"],
    ["image-set with a string", `p { background: image-set("javascript:alert(1)" 1x) }`],
    ["IE behavior", "p { behavior: url(https://evil.test/x.htc) }"],
    ["escaped behavior", "p { beh\\61vior: url(https://evil.test/x.htc) }"],
    ["Firefox binding", "p { -moz-binding: url(https://evil.test/x.xml#x) }"],
    ["@import javascript:", "@import 'javascript:alert(1)';"],
    ["@import url(javascript:)", "@import url(javascript:alert(1));"],
    ["@import data:", `@import "data:text/css,p{}";`],
    ["escaped @import", "@i\\6dport 'javascript:alert(1)';"],
    ["unknown at-rule", "@-moz-document url-prefix() { p { background: url(javascript:alert(1)) } }"],
    ["</style> breakout in a string", `p::after { content: "</style><script>alert(1)</script>" }`],
    ["</style> breakout in a selector", "p </style><script>alert(1)</script> { color: red }"],
  ])("a <style> with %s keeps no active CSS", (_name, css) => {
    const html = clean(`<style>${css} h1 { color: red }</style><h1>x</h1>`, page);
    expect(html).not.toMatch(activeCss);
    expect(html.match(/<\/style/gi)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(html).toContain("h1 { color: red }");
  });

  it.each([
    ["expression()", "width: expression(alert(1))"],
    ["javascript: url", "background: url(javascript:alert(1))"],
    ["escaped javascript: url", 'background: url("java\\73 cript:alert(1)")'],
    ["data: url", "background: url(data:image/png;base64,AAAA)"],
    ["behavior", "behavior: url(https://evil.test/x.htc)"],
    ["an attribute breakout", `color: red" onmouseover="alert(1)`],
  ])("a style attribute with %s keeps no active CSS", (_name, css) => {
    const html = clean(`<p style='color: red; ${css}'>x</p>`, page);
    expect(html).toContain('<p style="color: red');
    expect(html).not.toMatch(activeCss);
    expect(html).not.toMatch(/\son[a-z]+\s*=\s*"/i);
  });

  it("drops a style attribute that closes its block to start rules of its own", () => {
    const html = clean(`<p style="color: red } p { background: url(javascript:alert(1))">x</p>`, page);
    expect(html).toContain("<p>x</p>");
  });

  it("keeps an @import of an http(s) stylesheet, made absolute", () => {
    const html = clean(`<style>@import "theme.css" screen; h1 { color: red }</style>`, page);
    expect(html).toContain('@import url("https://shop.test/p/theme.css") screen;');
  });
});
