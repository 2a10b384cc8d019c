import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server";

describe("API reference", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it("serves a valid OpenAPI 3.1 document generated from the contracts", async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = JSON.parse(await response.text());
    expect(document.openapi).toBe("3.1.0");
    for (const path of [
      "/channels",
      "/monitors",
      "/monitors/{id}/check",
      "/monitors/{id}/changes",
      "/notifications",
      "/demo",
      "/demo/change",
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    const createMonitor = document.paths["/monitors"].post.requestBody.content["application/json"].schema;
    expect(createMonitor.properties.frequency.enum).toEqual(["15m", "1h", "6h", "12h", "1d", "1w"]);
    expect(createMonitor.properties.watch.items.enum).toContain("new_content");
    expect(document.paths["/monitors/{id}/check"].post.responses["202"]).toBeDefined();
    const createChannel = document.paths["/channels"].post;
    expect(createChannel.responses["201"].content["application/json"].schema.properties.secret).toBeDefined();

    const webhook = document.webhooks.alert.post;
    expect(webhook.parameters.map((p: { name: string }) => p.name)).toEqual([
      "webhook-id",
      "webhook-timestamp",
      "webhook-signature",
    ]);
    const payload = webhook.requestBody.content["application/json"].schema;
    expect(payload.properties.change.properties.url).toBeDefined();
    expect(payload.properties.monitor.required).toEqual(["id", "url", "name"]);
  });

  it("renders a self-contained HTML page", async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("ChangeRadar API");
    expect(html).toContain("/monitors/{id}/check");
    expect(html).toContain("webhook-signature");
    expect(html).not.toMatch(/<script|https?:\/\/cdn/i);
  });
});
