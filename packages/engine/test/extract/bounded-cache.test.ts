import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { boundedCache } from "../../src/extract/bounded-cache";

function countingCache(max: number) {
  const computed: string[] = [];
  const lookUp = boundedCache(max, (key) => {
    computed.push(key);
    return key.length;
  });
  return { lookUp, computed };
}

describe("boundedCache", () => {
  it("computes each key once while it is remembered", () => {
    const { lookUp, computed } = countingCache(3);
    expect([lookUp("a"), lookUp("bb"), lookUp("a"), lookUp("bb")]).toEqual([1, 2, 1, 2]);
    expect(computed).toEqual(["a", "bb"]);
  });

  it("remembers the last max / 2 distinct keys, forgets older ones, and keeps caching past its bound", () => {
    const { lookUp, computed } = countingCache(4);
    for (const key of ["k1", "k2", "k3", "k4", "k5"]) lookUp(key);
    for (const key of ["k4", "k5"]) lookUp(key);
    expect(computed).toEqual(["k1", "k2", "k3", "k4", "k5"]);
    lookUp("k1");
    expect(computed).toEqual(["k1", "k2", "k3", "k4", "k5", "k1"]);
  });

  it("keeps a key that is asked again and again, however many others pass", () => {
    const { lookUp, computed } = countingCache(4);
    for (let other = 0; other < 100; other += 1) {
      lookUp("hot");
      lookUp(`other ${other}`);
    }
    expect(computed.filter((key) => key === "hot")).toHaveLength(1);
  });

  it("holds no more than max keys: a key asked max + 1 distinct keys ago is computed again", () => {
    const { lookUp, computed } = countingCache(4);
    const keys = ["a", "b", "c", "d", "e"];
    for (const key of keys) lookUp(key);
    computed.length = 0;
    for (const key of keys) lookUp(key);
    // Of five keys, at most four were held; each one asked again that was not, was computed again.
    expect(computed.length).toBeGreaterThanOrEqual(1);
  });

  it("remembers no undefined answer, so asking for one never pushes a remembered key out", () => {
    const computed: string[] = [];
    const lookUp = boundedCache(1, (key) => {
      computed.push(key);
      return key === "none" ? undefined : key.length;
    });
    lookUp("kept");
    lookUp("none");
    lookUp("kept");
    expect(computed).toEqual(["kept", "none"]);
  });

  it("stores a copy of its key: a key cut out of a long page does not keep the page alive", () => {
    setFlagsFromString("--expose-gc");
    const collectGarbage = runInNewContext("gc") as () => void;
    const lookUp = boundedCache(100, (key) => key.length);
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    for (let page = 0; page < 40; page += 1) {
      const text = `<div class="card page-${page}-of-many">${"x".repeat(1_000_000)}</div>`;
      lookUp(text.slice(12, 30));
    }
    collectGarbage();
    // Held slices would keep the 40 pages: 40 MB.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(8_000_000);
  });
});
