import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchStylesheets } from "../../src/monitors/preview-stylesheets";
import { type PageServer, startPageServer } from "./support/page-server";

let pages: PageServer;
beforeAll(async () => {
  pages = await startPageServer();
  pages.set("/site.css", { body: "h1 { color: red }", contentType: "text/css" });
  pages.set("/big.css", { body: `h1 { color: red }${" ".repeat(400_000)}`, contentType: "text/css" });
  pages.set("/gone.css", { status: 404, body: "h1 {}", contentType: "text/css" });
});
afterAll(() => pages.close());

describe("the preview's linked stylesheets", () => {
  it("are fetched through the SSRF guard: a private address is refused unless tests lift it", async () => {
    const url = pages.url("/site.css");
    expect(await fetchStylesheets([url], { allowPrivateTargets: false })).toEqual(new Map());
    expect(pages.hits("/site.css")).toBe(0);
    expect(await fetchStylesheets([url], { allowPrivateTargets: true })).toEqual(
      new Map([[url, "h1 { color: red }"]]),
    );
  });

  it("leave out sheets that fail, are too big or are not http(s)", async () => {
    const urls = ["/big.css", "/gone.css", "/missing.css"].map((path) => pages.url(path));
    const sheets = await fetchStylesheets([...urls, "file:///etc/passwd"], { allowPrivateTargets: true });
    expect(sheets.size).toBe(0);
  });
});
