import { describe, expect, it } from "vitest";
import { bodyHash, learnVolatileTokens } from "../../src/body-noise";

const encode = (text: string) => new TextEncoder().encode(text);

/** A shop page whose form token and generation time change on every request. */
const page = (token: string, time: string, price = "$49.00") =>
  encode(
    `<html><body><h1>Desk lamp</h1><p class="price">${price}</p>` +
      `<form><input type="hidden" name="csrf_token" value="${token}"></form>` +
      `<p class="generated">Page generated at ${time} by the shop</p></body></html>`,
  );

describe("noise in a page's bytes", () => {
  it("learns the tokens that differ between two reads, by the text right before them", () => {
    const learned = learnVolatileTokens(page("a81f0c", "08:00:07"), page("c2d9e4", "08:00:14"));
    expect(learned).toEqual(['name="csrf_token" value="', "Page generated at "]);
  });

  it("hashes a later read with other noise like the first, and one with a real change apart", () => {
    const learned = learnVolatileTokens(page("a81f0c", "08:00:07"), page("c2d9e4", "08:00:14")) ?? [];
    const first = bodyHash(page("a81f0c", "08:00:07"), learned);
    expect(bodyHash(page("77e0b1", "09:41:52"), learned)).toBe(first);
    expect(bodyHash(page("77e0b1", "09:41:52", "$44.00"), learned)).not.toBe(first);
    // Without learned noise, any byte counts.
    expect(bodyHash(page("77e0b1", "09:41:52"))).not.toBe(bodyHash(page("a81f0c", "08:00:07")));
  });

  it("finds tokens anywhere in a long page: across the blocks it compares at once, and after tokens of other lengths", () => {
    const filler = (length: number) => `<p>${"x".repeat(length)}</p>`;
    // The first token straddles byte 1,024; the second comes thousands of bytes later, its read shifted by
    // the first token's other length; the last byte of the page differs too.
    const longPage = (token: string, session: string, end: string) =>
      encode(
        `${filler(1_000)}<input name="csrf_token" value="${token}">${filler(5_000)}` +
          `<a href="/basket;jsessionid=${session}">Basket</a>${filler(2_048)}<p class="generated">Served by node ${end}`,
      );
    expect(learnVolatileTokens(longPage("a81f0c", "S1", "7"), longPage("c2d9e4b7a1", "S22x", "8"))).toEqual([
      'name="csrf_token" value="',
      'href="/basket;jsessionid=',
      "Served by node ",
    ]);
    expect(learnVolatileTokens(longPage("a81f0c", "S1", "7"), longPage("a81f0c", "S1", "7"))).toEqual([]);
  });

  it("learns tokens a few bytes apart as one cut, found from the first one's context", () => {
    // A beacon with two parameters: "&amp;ts=" alone is too short to find the second token by.
    const beacon = (id: string, time: string, price = "$49.00") =>
      encode(
        `<html><body><p class="price">${price}</p>` +
          `<img src="/t.gif?r=${id}&amp;ts=${time}" width="1" height="1"></body></html>`,
      );
    const learned = learnVolatileTokens(beacon("k2j9", "1795586435"), beacon("x81q", "1795586442")) ?? [];
    expect(learned).toEqual(['img src="/t.gif?r=\u0100&amp;ts=']);
    const stored = bodyHash(beacon("k2j9", "1795586435"), learned);
    expect(bodyHash(beacon("zz0p", "1795586449"), learned)).toBe(stored);
    expect(bodyHash(beacon("zz0p", "1795586449", "$44.00"), learned)).not.toBe(stored);
    // The text between the tokens is part of what is recognised: changed, every byte counts again.
    const moved = encode(
      new TextDecoder().decode(beacon("zz0p", "1795586449")).replace("&amp;ts=", "&amp;t="),
    );
    expect(bodyHash(moved, learned)).toBe(bodyHash(moved));
  });

  it("reaches further back for a context whose nearest text is elsewhere in the page too", () => {
    // '/click"><img src="' is in the gallery as well; the ad's own text before it is not.
    const withAd = (creative: string) =>
      encode(
        `<div class="gallery"><a href="/click"><img src="/p/1.jpg"></a></div>` +
          `<div class="ad-slot"><a href="/click"><img src="/creative/${creative}.jpg"></a></div>`,
      );
    const learned = learnVolatileTokens(withAd("10950"), withAd("81659"));
    expect(learned).toEqual(['ad-slot"><a href="/click"><img src="']);
    expect(bodyHash(withAd("29506"), learned ?? [])).toBe(bodyHash(withAd("10950"), learned ?? []));
  });

  it("reaches further back for a context whose nearest runs are too short to be specific", () => {
    // '{"rid":"' is eight characters: the element around it makes the context.
    const state = (id: string) => encode(`<main><div class="app-state">{"rid":"${id}"}</div></main>`);
    const learned = learnVolatileTokens(state("9e3779b1"), state("3c6ef362"));
    expect(learned).toEqual(['div class="app-state">{"rid":"']);
    expect(bodyHash(state("77e0b1aa"), learned ?? [])).toBe(bodyHash(state("9e3779b1"), learned ?? []));
  });

  it("learns nothing that would put U+0000 in the stored noise (PostgreSQL's JSON cannot hold it)", () => {
    const withNul = (token: string) => encode(`<p>Served\u0000by node ${token}</p>`);
    expect(learnVolatileTokens(withNul("3"), withNul("4"))).toBeNull();
  });

  it("learns nothing from two equal reads", () => {
    expect(learnVolatileTokens(page("a81f0c", "08:00:07"), page("a81f0c", "08:00:07"))).toEqual([]);
  });

  it("gives up when the reads differ in more than whole tokens", () => {
    // A time written with a space: one token against two.
    expect(learnVolatileTokens(page("a81f0c", "08:00"), page("a81f0c", "8 am"))).toBeNull();
    // An element more in one read.
    expect(
      learnVolatileTokens(encode("<ul><li>Lamp</li></ul>"), encode("<ul><li>Lamp</li><li>Ad</li></ul>")),
    ).toBeNull();
  });

  it("gives up on a token whose context is short or occurs more than once", () => {
    expect(learnVolatileTokens(encode("<p>id a81f0c</p>"), encode("<p>id c2d9e4</p>"))).toBeNull();
    const twice = (token: string) =>
      encode(`<p class="note">Served by node ${token}</p><p class="note">Served by node 7</p>`);
    expect(learnVolatileTokens(twice("3"), twice("4"))).toBeNull();
  });

  it("hashes every byte of a later read where a context is missing or repeated", () => {
    const learned = learnVolatileTokens(page("a81f0c", "08:00:07"), page("c2d9e4", "08:00:14")) ?? [];
    const repeated = encode(
      `${new TextDecoder().decode(page("a81f0c", "08:00:07"))}<p>Page generated at 08:00:09</p>`,
    );
    expect(bodyHash(repeated, learned)).toBe(bodyHash(repeated));
    const missing = encode("<html><body><h1>Desk lamp</h1></body></html>");
    expect(bodyHash(missing, learned)).toBe(bodyHash(missing));
  });
});
