import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "../../src/reports/csv";

describe("CSV writer (RFC 4180)", () => {
  it("leaves plain fields alone and quotes fields with commas, quotes or line breaks", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\r\nlf")).toBe('"cr\r\nlf"');
  });

  it("writes numbers, empties and dates", () => {
    expect(csvField(19.99)).toBe("19.99");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(new Date("2026-03-02T10:00:00Z"))).toBe("2026-03-02T10:00:00.000Z");
  });

  it("defuses spreadsheet formulas in text", () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField(-5)).toBe("-5");
  });

  it("ends every row with CRLF", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["1", "x,y"],
          [2, null],
        ],
      ),
    ).toBe('a,b\r\n1,"x,y"\r\n2,\r\n');
  });
});
