import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../helpers/client";
import { startTestServer, type TestServer } from "../helpers/server";
import { createAccount } from "../helpers/users";

/**
 * Route schemas (http/route-schema.ts) validate before the handler but report after authentication and rate
 * limits, as handlers' own validate() did: no credentials is 401 whatever the body, a bad body is the spec's
 * 400, and malformed requests still count against a rate limit.
 */
describe("validation declared on the route", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_SCALE: "1" });
  });
  afterAll(async () => server?.close());

  it("answers 401 before looking at the body, then the spec's 400", async () => {
    const anonymous = new ApiClient(server.baseUrl);
    const bad = { url: 42, surprise: true };
    expect((await anonymous.request("POST", "/monitors", { json: bad })).status).toBe(401);

    const { client } = await createAccount(server);
    const response = await client.request("POST", "/monitors", { json: bad });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: expect.any(String),
      errors: expect.arrayContaining([{ path: "surprise", msg: "Unknown field" }]),
    });
    const notAnObject = await client.request("POST", "/monitors", {
      raw: { contentType: "application/json", body: "[]" },
    });
    expect(notAnObject.body).toEqual({
      message: "The request body must be a JSON object.",
      errors: [{ path: "", msg: "The request body must be a JSON object." }],
    });
  });

  it("counts malformed requests against the route's rate limit", async () => {
    const anonymous = new ApiClient(server.baseUrl);
    const statuses: number[] = [];
    // The contact form allows 5 an hour per address.
    for (let i = 0; i < 6; i++)
      statuses.push((await anonymous.request("POST", "/users/contactus", { json: { nope: i } })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
