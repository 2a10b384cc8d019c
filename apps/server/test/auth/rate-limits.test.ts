import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../helpers/client";
import { startTestServer, type TestServer } from "../helpers/server";
import { createAccount, createUser, uniqueEmail } from "../helpers/users";

/** The real limits (RATE_LIMIT_SCALE=1), on a sibling app sharing the test database. */
let server: TestServer;
let strict: ApiClient;
let closeStrict: () => Promise<void>;
beforeAll(async () => {
  server = await startTestServer();
  const sibling = await server.startSibling({ RATE_LIMIT_SCALE: "1" });
  strict = new ApiClient(sibling.baseUrl);
  closeStrict = sibling.close;
});
afterAll(async () => {
  await closeStrict?.();
  await server?.close();
});

async function statuses(times: number, call: () => Promise<{ status: number }>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < times; i++) seen.push((await call()).status);
  return seen;
}

describe("rate limits", () => {
  it("limits login attempts per address and email: 10 per 15 minutes", async () => {
    const user = await createUser(server);
    const seen = await statuses(11, () =>
      strict.post("/auth/login", { email: user.email, password: "wrong" }),
    );
    expect(seen.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(seen[10]).toBe(429);
    const limited = await strict.post("/auth/login", { email: user.email, password: user.password });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/),
    });
    expect(limited.headers.get("retry-after")).toBeTruthy();
    // Another account from the same address is not locked out.
    const other = await createUser(server);
    expect((await strict.post("/auth/login", { email: other.email, password: other.password })).status).toBe(
      200,
    );
  });

  it("limits forgot-password (5), resend (3) and contact (5)", async () => {
    const email = uniqueEmail();
    const forgot = await statuses(6, () => strict.post("/users/forgot-password", { email }));
    expect(forgot).toEqual([200, 200, 200, 200, 200, 429]);
    const user = await createUser(server);
    const resend = await statuses(4, () =>
      strict.post("/auth/resend-code", { userId: user.id, email: user.email }),
    );
    expect(resend).toEqual([200, 200, 200, 429]);
    const contact = await statuses(6, () =>
      strict.post("/users/contactus", { name: "N", email: "n@example.test", message: "hello" }),
    );
    expect(contact).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("limits passcode guesses per account (10 per 15 minutes)", async () => {
    const user = await createUser(server);
    const guesses = await statuses(11, () =>
      strict.post("/users/verify-passcode", { id: user.id, passcode: "000000" }),
    );
    expect(guesses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(guesses[10]).toBe(429);
  });

  it("limits channel verification guesses per channel (10 per 15 minutes)", async () => {
    const user = await createAccount(server, { verified: true });
    const created = await user.client.post<{ id: string }>("/channels", {
      type: "email",
      name: "Team",
      config: { to: uniqueEmail("team") },
    });
    expect(created.status).toBe(201);
    const signedIn = new ApiClient(strict.baseUrl);
    signedIn.token = user.client.token;
    const guesses = await statuses(11, () =>
      signedIn.post(`/channels/${created.body.id}/verify`, { code: "000000" }),
    );
    expect(guesses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(guesses[10]).toBe(429);
  });

  it("limits sign-ups per address (10 per hour)", async () => {
    const signups = await statuses(11, () =>
      strict.post("/users/new-merchant", { email: uniqueEmail(), password: "abc", firstName: "A" }),
    );
    expect(signups.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(signups[10]).toBe(429);
  });
});
