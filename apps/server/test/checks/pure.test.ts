import { describe, expect, it } from "vitest";
import { contentHash, decodeBlob, encodeBlob } from "../../src/checks/blob-codec";
import {
  defaultCheckTiming,
  nextCheckAfterFailure,
  nextCheckAfterSuccess,
  withJitter,
} from "../../src/checks/check-timing";
import { HostLimiter, Semaphore } from "../../src/checks/concurrency";
import { SnapshotCache } from "../../src/checks/snapshot-cache";
import { parsePage, sanitisedHtml } from "../../src/monitors/sanitise-html";

describe("check timing", () => {
  it("jitters within ± half the ratio, at most ± 5 minutes", () => {
    expect(withJitter(60_000, 60_000, 0.1, () => 0)).toBe(57_000);
    expect(withJitter(60_000, 60_000, 0.1, () => 1)).toBe(63_000);
    expect(withJitter(86_400_000, 86_400_000, 0.1, () => 1)).toBe(86_400_000 + 150_000);
    const now = new Date("2026-01-01T00:00:00Z");
    expect(nextCheckAfterSuccess(now, "1h", defaultCheckTiming, () => 0.5).toISOString()).toBe(
      "2026-01-01T01:00:00.000Z",
    );
  });

  it("backs off exponentially from the retry base, capped at the interval", () => {
    const now = new Date(0);
    const delays = [1, 2, 3, 4, 5, 6, 7, 8].map(
      (n) => nextCheckAfterFailure(now, "1h", n, defaultCheckTiming).getTime() / 60_000,
    );
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });
});

describe("concurrency limits", () => {
  it("a semaphore never lets more than its limit in", async () => {
    const global = new Semaphore(3);
    let running = 0;
    let peak = 0;
    const job = async () => {
      await global.acquire();
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      global.release();
    };
    await Promise.all(Array.from({ length: 8 }, job));
    expect(peak).toBe(3);
    expect(global.idle).toBe(true);
  });

  it("host permits are taken without waiting; a host at its limit is named for the claim to skip", () => {
    const hosts = new HostLimiter(2);
    const steps: [string, "take" | "give", boolean | null, string[]][] = [
      ["a", "take", true, []],
      ["a", "take", true, ["a"]],
      ["a", "take", false, ["a"]],
      ["b", "take", true, ["a"]],
      ["a", "give", null, []],
      ["a", "take", true, ["a"]],
      ["a", "give", null, []],
      ["a", "give", null, []],
      ["a", "take", true, []],
    ];
    for (const [host, action, taken, saturated] of steps) {
      if (action === "take") expect(hosts.tryAcquire(host)).toBe(taken);
      else hosts.release(host);
      expect(hosts.saturated()).toEqual(saturated);
    }
  });
});

describe("storage helpers", () => {
  it("address blobs by the sha-256 of their bytes and gzip all but PNGs", async () => {
    const text = Buffer.from("hello ".repeat(1000));
    expect(contentHash(text)).toMatch(/^[0-9a-f]{64}$/);
    const encoded = await encodeBlob(text, "application/json");
    expect(encoded.encoding).toBe("gzip");
    expect(encoded.data.byteLength).toBeLessThan(text.byteLength / 10);
    expect((await decodeBlob(encoded.data, encoded.encoding)).equals(text)).toBe(true);
    expect((await encodeBlob(text, "image/png")).encoding).toBe("identity");
  });

  it("keep the snapshot cache within its byte budget, least recently used out first", () => {
    const cache = new SnapshotCache(1000);
    const snapshot = {} as never;
    // An entry is its screenshot and its deflated JSON (a few bytes here).
    const screenshot = (bytes: number) => new Uint8Array(bytes);
    cache.set("a", snapshot, screenshot(190));
    cache.set("b", snapshot, screenshot(190));
    cache.get("a");
    cache.set("c", snapshot, screenshot(190));
    cache.set("d", snapshot, screenshot(190));
    cache.set("e", snapshot, screenshot(190));
    cache.set("f", snapshot, screenshot(190));
    expect(cache.get("b")).toBeNull();
    expect(cache.get("a")).not.toBeNull();
    cache.set("huge", snapshot, screenshot(600));
    expect(cache.get("huge")).toBeNull();
  });

  it("keep snapshots in the cache as compact bytes, each read a fresh copy equal to the one stored", () => {
    // ~560 KB of JSON, much more parsed: kept within a 40 KB budget.
    const lines = Array.from({ length: 20_000 }, (_, i) => `Line ${i % 50} of the page`);
    const snapshot = { lines, items: [{ title: "Ä item", url: null }] } as never;
    const cache = new SnapshotCache(40_000);
    cache.set("page", snapshot, null);
    cache.set("from the database", Buffer.from(JSON.stringify(snapshot)), null);
    for (const id of ["page", "from the database"]) {
      const first = cache.get(id);
      expect(first?.snapshot).toEqual(snapshot);
      expect(cache.get(id)?.snapshot).not.toBe(first?.snapshot);
    }
  });

  it("make page HTML inert for the element picker", () => {
    const html = sanitisedHtml(
      parsePage(
        `<p onclick="x()">Hi</p><script>steal()</script><iframe src="https://evil"></iframe><a href="javascript:alert(1)">x</a><base href="https://evil/">`,
        "https://shop.test/",
      ),
    );
    expect(html).toBe("<html><head></head><body><p>Hi</p><a>x</a></body></html>");
  });
});
