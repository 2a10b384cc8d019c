import { describe, expect, it } from "vitest";
import { maskNoise } from "../../src/compare/noise-masks";
import { normaliseLine, normaliseWhitespace } from "../../src/compare/normalise";
import { itemUrlKey, normaliseUrl } from "../../src/compare/url-normalise";

/** Both variants must normalise to the same line. */
function expectSame(a: string, b: string): void {
  expect(normaliseLine(a)).toBe(normaliseLine(b));
}

function expectDifferent(a: string, b: string): void {
  expect(normaliseLine(a)).not.toBe(normaliseLine(b));
}

describe("whitespace and invisible characters", () => {
  it("removes zero-width characters and soft hyphens, folds NBSP and odd spaces", () => {
    expect(normaliseWhitespace("Hello\u200B wor\u00ADld\u00A0\u00A0again\u3000!")).toBe(
      "Hello world again !",
    );
    expectSame("Price  is\tgood", "Price is good");
    expectSame("\uFEFFTitle", "Title");
  });
});

describe("dates and times", () => {
  it.each([
    ["Updated 2024-01-05T10:11:12Z", "Updated 2025-03-07T22:01:00+02:00"],
    ["Posted on 05/01/2024", "Posted on 12/11/2025"],
    ["Stand: 05.01.2024", "Stand: 17.11.2025"],
    ["January 5, 2024", "March 17, 2025"],
    ["5 January 2024", "17 March 2025"],
    ["Mon, 05 Jan 2024 10:00:00 GMT", "Tue, 06 Feb 2024 11:30:00 GMT"],
    ["5. März 2024", "12. Oktober 2025"],
    ["le 3 février 2024", "le 14 juillet 2024"],
    ["5 de enero de 2024", "7 de mayo de 2025"],
    ["2024年1月5日", "2025年11月22日"],
    ["Last checked at 10:42 am", "Last checked at 3:05 pm"],
    ["Heute um 14:30 Uhr", "Heute um 09:05 Uhr"],
    ["Monday", "Tuesday"],
  ])("masks %s ≈ %s", (a, b) => expectSame(a, b));

  it("does not mask version numbers as dates", () => {
    expectDifferent("Version 1.2.10", "Version 1.2.11");
  });
});

describe("relative times", () => {
  it.each([
    ["3 minutes ago", "52 minutes ago"],
    ["an hour ago", "5 hours ago"],
    ["vor 5 Minuten", "vor 2 Stunden"],
    ["il y a 2 heures", "il y a 3 jours"],
    ["hace 3 horas", "hace 1 día"],
    ["2 ore fa", "5 giorni fa"],
    ["3 uur geleden", "2 dagen geleden"],
    ["há 4 horas", "há 2 dias"],
    ["3分前", "12時間前"],
    ["just now", "yesterday"],
  ])("masks %s ≈ %s", (a, b) => expectSame(`Posted ${a}`, `Posted ${b}`));
});

describe("counters", () => {
  it.each([
    ["1,234 views", "1,290 views"],
    ["12 comments", "13 comments"],
    ["5 people are viewing this", "11 people are viewing this"],
    ["Views: 1,024", "Views: 1,100"],
    ["342 points by alice", "356 points by alice"],
    ["1.2K likes", "1.3K likes"],
  ])("masks %s ≈ %s", (a, b) => expectSame(a, b));
});

describe("ids and tokens", () => {
  it.each([
    ["session 550e8400-e29b-41d4-a716-446655440000", "session 6ba7b810-9dad-11d1-80b4-00c04fd430c8"],
    ["build 3f9a2c7e1b4d8f60", "build a1b2c3d4e5f60718"],
    ["token eyJhbGciOiJIUzI1NiJ9xYz123", "token Qm9vbXNoYWthbGFrYTEyMzQ1Ng"],
    ["csrf_token=abc123XYZ", "csrf_token=zz99QQ11"],
    [
      "https://ads.example/click?ai=DChcSEwjsxLSUpu9mAhUP&sig=AOD64_04oSu5Wmbe5Yj2",
      "https://ads.example/click?ai=XyZ9aB8cD7eF6gH5&sig=Qw9Er8Ty7Ui6Op5As4Df",
    ],
    ["nonce: 8f7d6c5b", "nonce: 1a2b3c4d"],
    ["Served in 1700000000123", "Served in 1700000456789"],
  ])("masks %s ≈ %s", (a, b) => expectSame(a, b));
});

describe("cache-busters in URLs", () => {
  it("drops cache-busters, tracking and session params but keeps meaningful ones", () => {
    expect(normaliseUrl("https://cdn.example/a.png?v=123")).toBe("https://cdn.example/a.png");
    expect(normaliseUrl("https://cdn.example/a.png?_=1700000000&w=200")).toBe(
      "https://cdn.example/a.png?w=200",
    );
    expect(normaliseUrl("https://x.example/p?id=7&utm_source=mail&utm_medium=x")).toBe(
      "https://x.example/p?id=7",
    );
    expect(normaliseUrl("https://x.example/p;jsessionid=ABC123?id=7")).toBe("https://x.example/p?id=7");
    expect(normaliseUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe(
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    );
    expectSame("See https://x.example/a.css?ver=5.1", "See https://x.example/a.css?ver=6.2");
  });

  it("an item link that carries today's date in its query is the same entry tomorrow", () => {
    const today =
      "https://x.example/metro?filters%5BmaxDate%5D=06%2F13%2F2017&filters%5BminDate%5D=06%2F06%2F2017";
    const tomorrow =
      "https://x.example/metro?filters%5BmaxDate%5D=06%2F14%2F2017&filters%5BminDate%5D=06%2F07%2F2017";
    expect(itemUrlKey(today)).toBe(itemUrlKey(tomorrow));
    expect(itemUrlKey("https://x.example/post?id=7")).not.toBe(itemUrlKey("https://x.example/post?id=8"));
  });
});

describe("what must never be masked", () => {
  it.each([
    ["$24.99", "$19.99"],
    ["Price: 1.299,00 €", "Price: 1.199,00 €"],
    ["¥1,280", "¥1,380"],
    ["In stock", "Out of stock"],
    ["Only 3 left in stock", "Only 2 left in stock"],
    ["Rated for 12 cups", "Rated for 10 cups"],
    ["Model B07XJ8C8F3", "Model B07XJ8C8F4"],
    ["1-Stunden-Lieferung", "2-Stunden-Lieferung"],
    [
      "Disallow: /programmes/profiles/2x87wV7KW01sgY0dl7qBnT6/recipes",
      "Disallow: /programmes/profiles/2x87wV7KW01sgY0dl7qBnT6/stories",
    ],
    [
      "https://cdn.example/ce7003913692c6ed1bd351d5f558bd23/a.jpg",
      "https://cdn.example/0d175a038631c3258e0c0ea4ae97cfb8/a.jpg",
    ],
    [
      '"self": "https://jira.example/rest/api/2/issue/WBS-16/votes"',
      '"self": "https://jira.example/rest/api/2/issue/WBS-17/votes"',
    ],
    ["Chapter 12", "Chapter 13"],
  ])("%s still differs from %s", (a, b) => expectDifferent(a, b));

  it("keeps the line readable around a mask", () => {
    expect(maskNoise("Updated 3 minutes ago by Ann")).toBe("Updated ⟨ago⟩ by Ann");
  });
});
