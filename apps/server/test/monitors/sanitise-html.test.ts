import { describe, expect, it } from "vitest";
import { sanitisedHtml } from "../../src/monitors/sanitise-html";

/** What must never survive into the element picker's frame, whatever the sandbox does. */
const active =
  /<script|<iframe|<object|<embed|<svg|<math|<base|<meta|<link|<style|\son[a-z]+\s*=|javascript:|vbscript:|data:|srcdoc|formaction/i;

describe("the preview sanitiser (parse5, as a browser parses)", () => {
  it("keeps what the element picker needs: structure, classes, ids, links and images", () => {
    const html = sanitisedHtml(
      `<html><head><title>Shop</title></head><body><div id="main" class="product card"><h1>Anvil</h1>
       <p class="price">$24.99</p><a href="/buy?x=1&amp;y=2">Buy</a><img src="https://cdn.test/a.png" alt="A">
       <table><tr><td colspan="2">cell</td></tr></table><ul><li>one</li></ul></div></body></html>`,
    );
    expect(html).toContain('<div id="main" class="product card">');
    expect(html).toContain('<p class="price">$24.99</p>');
    expect(html).toContain('<a href="/buy?x=1&#x26;y=2">Buy</a>');
    expect(html).toContain('<img src="https://cdn.test/a.png" alt="A">');
    expect(html).toContain('<td colspan="2">cell</td>');
    expect(html).toMatch(/<head><title>Shop<\/title><\/head><body>/);
  });

  it("makes the page inert: no scripts, frames, handlers, base, meta refresh or javascript: links", () => {
    const html = sanitisedHtml(
      `<p onclick="x()">Hi</p><script>steal()</script><iframe src="https://evil"></iframe><a href="javascript:alert(1)">x</a><base href="https://evil/">`,
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
    expect(sanitisedHtml(`<p>before</p>${vector}<p>after</p>`)).not.toMatch(active);
  });
});
