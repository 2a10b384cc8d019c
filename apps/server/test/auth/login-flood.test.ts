import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../helpers/client";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUser, uniqueEmail } from "../helpers/users";

/**
 * Issue 12: 60 logins with different emails from one address slowed a real user's login from 0.35 s to
 * 15.6 s (each costs an argon2 hash). Real limits (RATE_LIMIT_SCALE=1) behind a trusted proxy, so each
 * request names its client address in X-Forwarded-For.
 */
let server: TestServer;
let proxied: string;
let closeProxied: () => Promise<void>;
beforeAll(async () => {
  server = await startTestServer();
  const sibling = await server.startSibling({ RATE_LIMIT_SCALE: "1", TRUST_PROXY: "true" });
  proxied = sibling.baseUrl;
  closeProxied = sibling.close;
});
afterAll(async () => {
  await closeProxied?.();
  await server?.close();
});

let nextAddress = 1;
/** A client at its own address (TEST-NET-3), never used by another test. */
function clientAt(): ApiClient {
  const address = `203.0.113.${nextAddress++}`;
  const client = new ApiClient(proxied);
  const request = client.request.bind(client);
  client.request = (method, path, options = {}) =>
    request(method, path, { ...options, headers: { ...options.headers, "x-forwarded-for": address } });
  return client;
}

const loginAs = (client: ApiClient, email: string, password: string) =>
  client.post("/auth/login", { email, password });

describe("login from one address trying many emails", () => {
  it("caps logins per address whatever the email (30 per 15 minutes); other addresses are unaffected", async () => {
    const attacker = clientAt();
    const user = await createUser(server);
    // Five at a time: fewer than one address may have waiting for a password check.
    for (let batch = 0; batch < 6; batch++) {
      const guesses = Array.from({ length: 5 }, () => loginAs(attacker, uniqueEmail("guess"), "wrong"));
      expect((await Promise.all(guesses)).map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    }
    // The 31st is refused before any password is checked, even with an account's right password.
    const capped = await loginAs(attacker, user.email, user.password);
    expect(capped.status).toBe(429);
    expect(capped.body).toEqual({
      message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/),
    });
    expect(Number(capped.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await loginAs(clientAt(), user.email, user.password)).status).toBe(200);
  }, 120_000);

  it("60 parallel logins from one address: at most two hashes at once, and a real user elsewhere gets in first", async () => {
    const user = await createUser(server);
    const attacker = clientAt();
    const answered: string[] = [];
    const attack = Array.from({ length: 60 }, (_, i) =>
      loginAs(attacker, uniqueEmail(`flood${i}`), "wrong").then((response) => {
        answered.push(`attacker ${response.status}`);
        return response;
      }),
    );
    const real = await loginAs(clientAt(), user.email, user.password);
    answered.push("user");
    const responses = await Promise.all(attack);

    expect(real.status).toBe(200);
    const statuses = responses.map((r) => r.status);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // No more than the per-address cap reached a password check; the rest were refused.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(30);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
    const atOnce = responses.filter((r) => r.status === 429 && /at once/.test(String(r.body.message)));
    for (const refused of atOnce) {
      expect(refused.body).toEqual({
        message: "Too many password checks from your address at once. Please wait a moment and try again.",
      });
    }
    // Served in turn by address: the user did not wait behind the attacker's queued password checks.
    expect(answered.slice(answered.indexOf("user"))).toContain("attacker 401");

    const families = parsePrometheusTextFormat(await (await fetch(`${server.baseUrl}/metrics`)).text());
    const peak = families.find((f) => f.name === "changeradar_password_hashes_peak_running");
    expect(Number(peak?.metrics[0]?.value)).toBeGreaterThanOrEqual(1);
    expect(Number(peak?.metrics[0]?.value)).toBeLessThanOrEqual(2);
    const now = families.find((f) => f.name === "changeradar_password_hashes");
    expect(now?.metrics.map((m) => [m.labels?.state, Number(m.value)])).toEqual([
      ["running", 0],
      ["waiting", 0],
    ]);
  }, 120_000);
});
