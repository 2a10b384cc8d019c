import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PageServer, productPage, startPageServer } from "../monitors/support/page-server";
import { startTestApp, type TestApp } from "../monitors/support/test-app";

let t: TestApp;
let pages: PageServer;

beforeAll(async () => {
  [t, pages] = await Promise.all([startTestApp(), startPageServer()]);
});
afterAll(async () => {
  await t.close();
  await pages.close();
});

/** Reads `data:` events from a Server-Sent Events response until `match` accepts one. */
async function nextEvent(response: Response, match: (event: Record<string, unknown>) => boolean) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error("The event stream ended");
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split("\n").find((line) => line.startsWith("data: "));
      if (data) {
        const event = JSON.parse(data.slice(6)) as Record<string, unknown>;
        if (match(event)) {
          await reader.cancel();
          return event;
        }
      }
      end = buffer.indexOf("\n\n");
    }
  }
}

describe("first check", () => {
  it("reaches the user's live stream as soon as it is stored", async () => {
    pages.set("/live", productPage());
    const owner = await t.signUp("Personal");
    const stream = await fetch(`${t.baseUrl}/api/v1/events`, { headers: owner.auth });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const created = await fetch(`${t.baseUrl}/api/v1/monitors`, {
      method: "POST",
      headers: { ...owner.auth, "content-type": "application/json" },
      body: JSON.stringify({ url: pages.url("/live"), frequency: "1d", watch: ["price"] }),
    });
    const { id } = (await created.json()) as { id: string };
    const event = await nextEvent(stream, (e) => e.type === "check" && e.monitorId === id);
    expect(event).toMatchObject({ type: "check", monitorId: id, status: "unchanged" });
    const monitor = await fetch(`${t.baseUrl}/api/v1/monitors/${id}`, { headers: owner.auth });
    expect((await monitor.json()).latest).toMatchObject({ title: "Acme Anvil", price: { amount: 24.99 } });
  });
});
