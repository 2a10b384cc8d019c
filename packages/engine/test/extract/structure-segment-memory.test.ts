import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { pathSegment } from "../../src/extract/html/structure";

describe("a path segment", () => {
  it("keeps no page alive: the remembered segment of a long class is a copy, not a slice of the page", () => {
    setFlagsFromString("--expose-gc");
    const collectGarbage = runInNewContext("gc") as () => void;
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    const segments: string[] = [];
    for (let page = 0; page < 40; page += 1) {
      const document = parseDocument(`<div class="product-card-${page}">${"x".repeat(1_000_000)}</div>`);
      segments.push(pathSegment(document.children[0] as Element));
    }
    collectGarbage();
    expect(segments[3]).toBe("div.product-card-3");
    // Held slices would keep the 40 pages: 40 MB and more.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(8_000_000);
  });
});
