import { describe, expect, it } from "vitest";
import { extractSnapshotSync } from "../../src/extract";
import { withoutNul } from "../../src/extract/extract-snapshot";

/** PostgreSQL text cannot hold U+0000: a page with one in its title or text must still be storable. */
describe("NUL characters in a page", () => {
  const nul = "\u0000";
  /** Whether any string in `value`, object keys included, holds a NUL. */
  const holdsNul = (value: unknown) => {
    let found = false;
    JSON.stringify(value, (key, v) => {
      if (key.includes(nul) || (typeof v === "string" && v.includes(nul))) found = true;
      return v;
    });
    return found;
  };
  it("are stripped from the title and the text of HTML, plain text and JSON", () => {
    const html = extractSnapshotSync({
      url: "https://example.test/",
      contentType: "text/html",
      text: `<html><head><title>Sale${nul} now</title></head><body><p>Price${nul} 10</p></body></html>`,
    });
    expect(html.title).toBe("Sale now");
    expect(holdsNul(html)).toBe(false);
    const text = extractSnapshotSync({
      url: "https://example.test/a.txt",
      contentType: "text/plain",
      text: `one${nul}\ntwo`,
    });
    expect(holdsNul(text)).toBe(false);
    const json = extractSnapshotSync({
      url: "https://example.test/a.json",
      contentType: "application/json",
      text: JSON.stringify({ name: `a${nul}b` }),
    });
    expect(holdsNul(json)).toBe(false);
  });

  it("are stripped from a JSON document's keys and values, and a page without any comes out as extracted", () => {
    const json = extractSnapshotSync({
      url: "https://example.test/a.json",
      contentType: "application/json",
      text: JSON.stringify({ [`price${nul}`]: 10, items: [{ [`na${nul}me`]: "x" }] }),
    });
    expect(holdsNul(json)).toBe(false);
    // A snapshot without a NUL comes back itself, not copied.
    const clean = extractSnapshotSync({
      url: "https://example.test/",
      contentType: "text/html",
      text: "<title>t</title><p>10</p>",
    });
    expect(withoutNul(clean)).toBe(clean);
    expect(withoutNul({ [`a${nul}`]: [`b${nul}`] })).toEqual({ a: ["b"] });
  });
});
