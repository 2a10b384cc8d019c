import { describe, expect, it } from "vitest";
import { FetchError, fetchPage } from "../../src/fetch";
import { snapshotPage } from "../../src/snapshot-page";

const demo = {
  url: "http://127.0.0.1:9/demo/abc",
  html: "<html><body><h1>Desk lamp</h1><p>$49.00</p></body></html>",
};

describe("a page the caller serves itself (localPage)", () => {
  it("answers its exact URL in-process: no socket, so the SSRF guard has nothing to refuse", async () => {
    const page = await fetchPage({ url: demo.url }, { localPage: demo });
    expect(page).toMatchObject({
      status: 200,
      finalUrl: demo.url,
      contentType: "text/html",
      text: demo.html,
    });
    const read = await snapshotPage({ url: demo.url }, { localPage: demo });
    expect(read.kind === "snapshot" && "snapshot" in read.version && read.version.snapshot.lines).toContain(
      "Desk lamp",
    );
  });

  it("answers only that URL: a neighbour on the same private host still meets the guard", async () => {
    for (const url of [
      "http://127.0.0.1:9/demo/abcd",
      "http://127.0.0.1:9/demo/abc?x=1",
      "http://127.0.0.1:9/demo/ABC",
      "http://127.0.0.1:9/",
    ]) {
      const error = await fetchPage({ url }, { localPage: demo }).catch((e: unknown) => e);
      expect([url, error instanceof FetchError && error.code]).toEqual([url, "blocked"]);
    }
  });
});
