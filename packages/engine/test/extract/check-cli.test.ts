import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCheck } from "../../src/cli/check";
import { corpusDir } from "./corpus";

const productPage = readFileSync(join(corpusDir, "product/wayfair.com__wayfair.html"));
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/product") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(productPage);
    } else if (req.url === "/scripted") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<html><head><title>Scripted shop</title></head><body><h1>Widget</h1><div id="buy"></div>
        <script>document.getElementById("buy").innerHTML = '<span class="price">€ 12,50</span><button>In den Warenkorb</button>';</script></body></html>`);
    } else if (req.url === "/feed.json") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          items: [
            { title: "One", url: "/1" },
            { title: "Two", url: "/2" },
          ],
        }),
      );
    } else {
      res.writeHead(404).end("not here");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function check(args: string[], env: Record<string, string> = { ALLOW_PRIVATE_TARGETS: "true" }) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCheck(args, {
    stdout: { write: (s: string) => out.push(s) },
    stderr: { write: (s: string) => err.push(s) },
    env,
  });
  return { code, stdout: out.join(""), stderr: err.join("") };
}

describe("changeradar check", () => {
  it("prints one JSON object for a product page served over loopback", async () => {
    const { code, stdout, stderr } = await check([`${base}/product`, "--json"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.price).toEqual({ amount: 111.99, currency: "USD", maxAmount: null });
    expect(result.availability).toBe("in_stock");
    expect(result.format).toBe("html");
    expect(typeof result.text).toBe("string");
    expect(result.text).toContain("Penhook");
    expect(Array.isArray(result.items)).toBe(true);
    for (const item of result.items) expect(Object.keys(item).sort()).toEqual(["title", "url"]);
    expect(result.images.length).toBeGreaterThan(0);
    expect(result.structureHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("prints a readable summary without --json, and applies --selector", async () => {
    const { code, stdout } = await check([`${base}/product`, "--selector", "h1"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Availability: /);
    expect(stdout).toMatch(/Penhook/);
  });

  it("renders JavaScript with --render before extracting", async () => {
    const plain = JSON.parse((await check([`${base}/scripted`, "--json"])).stdout);
    expect(plain.price).toBeNull();
    const { code, stdout, stderr } = await check([`${base}/scripted`, "--json", "--render"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const rendered = JSON.parse(stdout);
    expect(rendered.price).toEqual({ amount: 12.5, currency: "EUR", maxAmount: null });
    expect(rendered.availability).toBe("in_stock");
  });

  it("scopes JSON with a JSONPath selector", async () => {
    const { code, stdout } = await check([`${base}/feed.json`, "--json", "--selector", "$.items[*].title"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).text).toBe('"One"\n"Two"');
  });

  it("fails with a message on stderr for an HTTP error, a blocked target, a bad selector or bad usage", async () => {
    const notFound = await check([`${base}/missing`, "--json"]);
    expect(notFound.code).toBe(1);
    expect(notFound.stdout).toBe("");
    expect(notFound.stderr).toMatch(/^Check failed: .*404/);

    const blocked = await check([`${base}/product`], {});
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toMatch(/^Check failed: /);

    const badSelector = await check([`${base}/product`, "--selector", "div["]);
    expect(badSelector.code).toBe(1);
    expect(badSelector.stderr).toMatch(/Invalid CSS selector/);

    const nothing = await check([`${base}/product`, "--selector", ".no-such-thing"]);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(/matched nothing/);

    const usage = await check([]);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toMatch(/Usage: changeradar check/);
  });
});
