import { describe, expect, it } from "vitest";
import { currencyName, summarisePrices } from "./price-summary";

const at = (minute: number) => new Date(Date.UTC(2026, 0, 2, 10, minute)).toISOString();

describe("summarisePrices", () => {
  it("is null for no prices", () => {
    expect(summarisePrices([])).toBeNull();
  });

  it("finds current, lowest and highest (each last seen), sorted by time", () => {
    const summary = summarisePrices([
      { at: at(30), amount: 19.99, currency: "USD" },
      { at: at(0), amount: 24.99, currency: "USD" },
      { at: at(10), amount: 17.5, currency: "USD" },
      { at: at(20), amount: 24.99, currency: "USD" },
    ])!;
    expect(summary.current).toEqual({ at: Date.parse(at(30)), amount: 19.99 });
    expect(summary.lowest).toEqual({ at: Date.parse(at(10)), amount: 17.5 });
    expect(summary.highest).toEqual({ at: Date.parse(at(20)), amount: 24.99 });
    expect(summary.points.map((p) => p.amount)).toEqual([24.99, 17.5, 24.99, 19.99]);
    expect(summary.currency).toBe("USD");
  });

  it("keeps to the latest price's currency and counts the others", () => {
    const summary = summarisePrices([
      { at: at(0), amount: 2000, currency: "JPY" },
      { at: at(10), amount: 21, currency: "EUR" },
    ])!;
    expect(summary.points).toHaveLength(1);
    expect(summary.otherCurrency).toBe(1);
    expect(summary.lowest.amount).toBe(21);
  });
});

describe("currencyName", () => {
  it("names a known code and keeps an unknown one", () => {
    expect(currencyName("USD")).toBe("US Dollar (USD)");
    expect(currencyName(null)).toBeNull();
  });
});
