import { describe, expect, it } from "vitest";
import { resultLabel } from "./check-log";

describe("a check log row's result", () => {
  it("names a run of identical checks with its count, and one check alone", () => {
    expect(resultLabel({ status: "unchanged", count: 12 })).toBe("No change ×12");
    expect(resultLabel({ status: "not_modified", count: 1 })).toBe("Not modified");
  });
});
