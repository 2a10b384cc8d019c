import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueChangeAlerts, notifyLive } from "../../src/alerts/outbox";
import { accountOn } from "../alerts/support/accounts";
import { changeInput, createChange, createMonitor } from "../alerts/support/fixtures";
import type { ApiClient } from "../helpers/client";
import { startTestServer, type TestServer } from "../helpers/server";

/** Reads an SSE response and keeps its `data:` events (JSON) as they arrive. */
async function openStream(url: string) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const events: Record<string, unknown>[] = [];
  const comments: string[] = [];
  let ended = false;
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      const reader = response.body.getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        buffer += decoder.decode(next.value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of block.split("\n")) {
            if (line.startsWith("data: ")) events.push(JSON.parse(line.slice(6)));
            else if (line.startsWith(":")) comments.push(line.slice(1).trim());
          }
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // aborted by the test
    }
    ended = true;
  })();
  return {
    response,
    events,
    comments,
    get ended() {
      return ended;
    },
    async close() {
      controller.abort();
      await reading;
    },
    reading,
  };
}

/** What the web app does: trade the access token for a single-use ticket, then open the stream with it. */
async function streamUrl(baseUrl: string, user: { client: ApiClient }): Promise<string> {
  const issued = await user.client.post<{ ticket: string; expiresAt: string }>("/live/ticket");
  expect(issued.status).toBe(200);
  return `${baseUrl}/api/v1/events?ticket=${issued.body.ticket}`;
}

describe("live updates (SSE over LISTEN/NOTIFY)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  const db = () => server.database.handle.db;

  it("refuses a stream without a valid token", async () => {
    expect((await fetch(`${server.baseUrl}/api/v1/events`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/api/v1/events?ticket=forged`)).status).toBe(403);
  });

  it("no longer takes an access token in the URL (it would reach logs and proxies)", async () => {
    const user = await accountOn(server, "Free");
    const inUrl = await fetch(`${server.baseUrl}/api/v1/events?access_token=${user.client.token}`);
    expect(inUrl.status).toBe(401);
  });

  it("refuses API keys, on the stream and for tickets", async () => {
    const owner = await accountOn(server, "Business");
    const created = await owner.client.post<{ key: string }>("/api-keys", { name: "script" });
    expect(created.status).toBe(201);
    const byKey = { authorization: `Bearer ${created.body.key}` };
    const stream = await fetch(`${server.baseUrl}/api/v1/events`, { headers: byKey });
    expect(stream.status).toBe(403);
    expect(await stream.json()).toEqual({
      message: "API keys cannot open the live stream. Sign in and use an access token.",
    });
    const ticket = await fetch(`${server.baseUrl}/api/v1/live/ticket`, { method: "POST", headers: byKey });
    expect(ticket.status).toBe(403);
    // The same key still works on the monitoring API.
    expect((await fetch(`${server.baseUrl}/api/v1/monitors`, { headers: byKey })).status).toBe(200);
  });

  it("spends a ticket once and refuses it after a minute", async () => {
    const user = await accountOn(server, "Free");
    const url = await streamUrl(server.baseUrl, user);
    const first = await openStream(url);
    try {
      await expect.poll(() => first.comments).toContain("connected");
      const again = await fetch(url);
      expect(again.status).toBe(403);
      expect(await again.json()).toEqual({
        message: "This live-stream ticket is used or expired. Ask for a new one.",
      });
    } finally {
      await first.close();
    }
    const late = await streamUrl(server.baseUrl, user);
    server.clock.advance(61_000);
    expect((await fetch(late)).status).toBe(403);
    server.clock.reset();
  });

  it("delivers the user's own events only, after the outbox commits", async () => {
    const alice = await accountOn(server, "Free");
    const bob = await accountOn(server, "Free");
    const aliceStream = await openStream(await streamUrl(server.baseUrl, alice));
    const bobStream = await openStream(await streamUrl(server.baseUrl, bob));
    try {
      expect(aliceStream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      await expect.poll(() => aliceStream.comments).toContain("connected");
      await expect.poll(() => bobStream.comments).toContain("connected");

      const monitor = await createMonitor(db(), alice.id);
      const change = await createChange(db(), monitor.id);
      const { notificationId } = await db().transaction(async (tx) => {
        const result = await enqueueChangeAlerts(tx, {
          userId: alice.id,
          monitor,
          change: changeInput(change),
        });
        await notifyLive(tx, alice.id, {
          type: "check",
          monitorId: monitor.id,
          status: "changed",
          at: change.detectedAt.toISOString(),
        });
        return result;
      });
      await notifyLive(db(), bob.id, { type: "monitor", monitorId: "bob-only" });

      await expect.poll(() => aliceStream.events.length).toBe(2);
      expect(aliceStream.events).toEqual([
        { type: "notification", id: notificationId, monitorId: monitor.id, title: "Acme product changed" },
        { type: "check", monitorId: monitor.id, status: "changed", at: change.detectedAt.toISOString() },
      ]);
      await expect.poll(() => bobStream.events.length).toBe(1);
      expect(bobStream.events).toEqual([{ type: "monitor", monitorId: "bob-only" }]);
    } finally {
      await aliceStream.close();
      await bobStream.close();
    }
  });

  it("ends open streams cleanly when the server shuts down", async () => {
    const sibling = await server.startSibling();
    const user = await accountOn(server, "Free");
    // A ticket issued by one node is spent on another (they share the database).
    const stream = await openStream(
      (await streamUrl(server.baseUrl, user)).replace(server.baseUrl, sibling.baseUrl),
    );
    await expect.poll(() => stream.comments).toContain("connected");
    await sibling.close();
    await stream.reading;
    expect(stream.ended).toBe(true);
  });
});

describe("SSE stream", () => {
  it("sends heartbeat comments while idle", async () => {
    const { createServer } = await import("node:http");
    const { openSseStream } = await import("../../src/live/sse-stream");
    let closedByClient = false;
    const http = createServer((_request, response) => {
      openSseStream(
        response,
        () => {
          closedByClient = true;
        },
        20,
      );
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const { port } = http.address() as { port: number };
    const stream = await openStream(`http://127.0.0.1:${port}/`);
    try {
      await expect
        .poll(() => stream.comments.filter((c) => c === "heartbeat").length)
        .toBeGreaterThanOrEqual(2);
    } finally {
      await stream.close();
      await expect.poll(() => closedByClient).toBe(true);
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
  });
});
