import { describe, expect, it } from "vitest";
import { displayedPrice, planAllowsFrequency, planForChannel, planForFrequency } from "./plans";

describe("plans (spec §9, DECISIONS 2–4)", () => {
  it("gates frequencies per plan", () => {
    expect(planAllowsFrequency("Free", "1d")).toBe(true);
    expect(planAllowsFrequency("Free", "12h")).toBe(false);
    expect(planAllowsFrequency("Personal", "12h")).toBe(true);
    expect(planAllowsFrequency("Personal", "6h")).toBe(false);
    expect(planAllowsFrequency("Pro", "1h")).toBe(true);
    expect(planAllowsFrequency("Pro", "15m")).toBe(false);
    expect(planAllowsFrequency("Business", "15m")).toBe(true);
  });

  it("names the cheapest plan that allows a frequency or channel", () => {
    expect(planForFrequency("12h")).toBe("Personal");
    expect(planForFrequency("6h")).toBe("Pro");
    expect(planForFrequency("15m")).toBe("Business");
    expect(planForChannel("webhook")).toBe("Pro");
    expect(planForChannel("slack")).toBe("Business");
  });

  it("computes displayed prices", () => {
    expect(displayedPrice("Pro", "yearly")).toEqual({ perMonth: 19, billedYearly: 228 });
    expect(displayedPrice("Pro", "monthly")).toEqual({ perMonth: 23, billedYearly: null });
    expect(displayedPrice("Personal", "monthly")).toEqual({ perMonth: 11, billedYearly: null });
    expect(displayedPrice("Business", "monthly")).toEqual({ perMonth: 59, billedYearly: null });
    expect(displayedPrice("Free", "monthly")).toEqual({ perMonth: 0, billedYearly: null });
  });
});
