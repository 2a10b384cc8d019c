import { describe, expect, it } from "vitest";
import { loadOnce } from "../src/load-once";

describe("loadOnce", () => {
  it("makes the value once for every caller, and only when first asked", async () => {
    let made = 0;
    const value = loadOnce(async () => {
      made += 1;
      return { made };
    });
    expect(made).toBe(0);
    const [a, b] = await Promise.all([value(), value()]);
    expect(await value()).toBe(a);
    expect(b).toBe(a);
    expect(made).toBe(1);
  });

  it("tries again after a failed attempt instead of keeping the failure", async () => {
    let attempts = 0;
    const value = loadOnce(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("module not found");
      return "loaded";
    });
    await expect(value()).rejects.toThrow("module not found");
    expect(await value()).toBe("loaded");
    expect(await value()).toBe("loaded");
    expect(attempts).toBe(2);
  });
});
