import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refineWithAI } from "../../src/compare/ai-refine";
import { compareSnapshots } from "../../src/compare/classify";
import { buildSnapshot, usd } from "./build-snapshot";

type Handler = (body: Record<string, unknown>, request: IncomingMessage, response: ServerResponse) => void;

/** A loopback server answering like an OpenAI-compatible API; each test sets how it answers. */
let handler: Handler = () => {};
let server: Server;
let baseUrl = "";
const received: {
  body: Record<string, unknown>;
  authorization: string | undefined;
  path: string | undefined;
}[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => {
      raw += chunk;
    });
    request.on("end", () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      received.push({ body, authorization: request.headers.authorization, path: request.url });
      handler(body, request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function answer(content: string, status = 200): Handler {
  return (_body, _request, response) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify({ choices: [{ message: { role: "assistant", content } }] }));
  };
}

const change = compareSnapshots(buildSnapshot({ price: usd(24.99) }), buildSnapshot({ price: usd(19.99) }), {
  watch: ["price"],
});

describe("refineWithAI", () => {
  it("rewrites the summary and judges importance against the user's criteria", async () => {
    handler = answer(
      '```json\n{"summary": "The kettle is now $5 cheaper.", "important": false, "reason": "Not below $15"}\n```',
    );
    const refined = await refineWithAI(change, {
      baseUrl,
      apiKey: "sk-test",
      model: "tiny",
      criteria: "only below $15",
    });
    expect(refined.summary).toBe("The kettle is now $5 cheaper.");
    expect(refined.alert).toBe(false);
    expect(refined.ai).toEqual({
      important: false,
      reason: "Not below $15",
      originalSummary: change.summary,
      model: "tiny",
    });
    const request = received.at(-1)!;
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.authorization).toBe("Bearer sk-test");
    expect(request.body.model).toBe("tiny");
    expect(JSON.stringify(request.body.messages)).toContain("only below $15");
  });

  it("keeps the alert when the model judges the change important", async () => {
    handler = answer('{"summary": "Price cut by 20%", "important": true, "reason": "a drop"}');
    const refined = await refineWithAI(change, { baseUrl });
    expect(refined).toMatchObject({ summary: "Price cut by 20%", alert: true, changed: true });
  });

  it.each([
    ["an HTTP error", answer("{}", 500)],
    ["a malformed answer", answer("I think it matters")],
    ["a missing field", answer('{"summary": "x"}')],
    ["a body that is not JSON", ((_b, _r, response) => response.end("<html>")) as Handler],
  ])("falls back to the deterministic result on %s", async (_label, failing) => {
    handler = failing;
    expect(await refineWithAI(change, { baseUrl })).toEqual(change);
  });

  it("falls back on a timeout and on a refused connection", async () => {
    handler = () => {};
    expect(await refineWithAI(change, { baseUrl, timeoutMs: 200 })).toEqual(change);
    expect(await refineWithAI(change, { baseUrl: "http://127.0.0.1:1/v1" })).toEqual(change);
  });

  it("does not call the endpoint when nothing changed", async () => {
    const count = received.length;
    const unchanged = compareSnapshots(buildSnapshot(), buildSnapshot(), { watch: ["text"] });
    expect(await refineWithAI(unchanged, { baseUrl })).toBe(unchanged);
    expect(received.length).toBe(count);
  });
});
