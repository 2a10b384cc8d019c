import { describe, expect, it } from "vitest";
import { formatDate, formatItemTime } from "./dates";

const now = new Date(2025, 5, 30, 12, 0); // 30 Jun 2025 12:00 local time

describe("formatDate (spec §9 default display)", () => {
  it("reads DD MMM YYYY HH:mm", () => {
    expect(formatDate(new Date(2025, 0, 5, 9, 7))).toBe("05 Jan 2025 09:07");
  });
  it.each([null, undefined, "", "not a date"])("falls back to NA for %j", (value) => {
    expect(formatDate(value)).toBe("NA");
  });
});

describe("formatItemTime (spec §9 item dates)", () => {
  it("uses relative time under 3 days", () => {
    expect(formatItemTime(new Date(2025, 5, 30, 10, 0), now)).toBe("2 hours ago");
    expect(formatItemTime(new Date(2025, 5, 28, 12, 30), now)).toBe("2 days ago");
    expect(formatItemTime(new Date(2025, 5, 30, 11, 59, 40), now)).toBe("a few seconds ago");
  });
  it("uses YYYY-MM-DD HH:mm from 3 days on", () => {
    expect(formatItemTime(new Date(2025, 5, 27, 12, 0), now)).toBe("2025-06-27 12:00");
    expect(formatItemTime(new Date(2024, 11, 31, 23, 5), now)).toBe("2024-12-31 23:05");
  });
  it("falls back to NA", () => {
    expect(formatItemTime(null, now)).toBe("NA");
    expect(formatItemTime("garbage", now)).toBe("NA");
  });
});
