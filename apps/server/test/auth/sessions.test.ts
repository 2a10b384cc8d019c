import { tokenResponseSchema } from "@changeradar/contracts";
import { describe, expect, it } from "vitest";
import { ApiClient } from "../helpers/client";
import { useTestServer } from "../helpers/server";
import { codeFromMail, createUser } from "../helpers/users";

const t = useTestServer();

const minutes = (n: number) => n * 60_000;

describe("GET /auth/refresh", () => {
  it("rotates the refresh cookie and the XSRF cookie, answering a fresh access token", async () => {
    const { client, user } = await createUser(t.server);
    const before = client.cookies.get("cr_refresh")!.value;
    const xsrfBefore = client.cookies.get("XSRF-TOKEN")!.value;
    const response = await client.get("/auth/refresh", { xsrf: true });
    expect(response.status).toBe(200);
    expect(tokenResponseSchema.parse(response.body).user.id).toBe(user.id);
    expect(client.cookies.get("cr_refresh")!.value).not.toBe(before);
    expect(client.cookies.get("XSRF-TOKEN")!.value).not.toBe(xsrfBefore);
  });

  it("is 401 without a refresh cookie", async () => {
    const response = await new ApiClient(t.server.baseUrl).get("/auth/refresh");
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/sign in/i);
  });

  it("is 403 when the X-XSRF-TOKEN header is missing or wrong", async () => {
    const { client } = await createUser(t.server);
    const missing = await client.get("/auth/refresh");
    expect(missing.status).toBe(403);
    expect(missing.body.message).toMatch(/X-XSRF-TOKEN/);
    const wrong = await client.request("GET", "/auth/refresh", { headers: { "x-xsrf-token": "forged" } });
    expect(wrong.status).toBe(403);
    expect((await client.get("/auth/refresh", { xsrf: true })).status).toBe(200);
  });

  it("revokes the whole family when a rotated token is presented again", async () => {
    const { client } = await createUser(t.server);
    const stolen = new ApiClient(t.server.baseUrl);
    for (const [name, cookie] of client.cookies) stolen.cookies.set(name, { ...cookie });
    expect((await client.get("/auth/refresh", { xsrf: true })).status).toBe(200);

    t.server.clock.advance(minutes(1));
    const replay = await stolen.get("/auth/refresh", { xsrf: true });
    expect(replay.status).toBe(403);
    expect(replay.body.message).toMatch(/ended for your security/);
    // The legitimate, newest token of the family is dead too.
    expect((await client.get("/auth/refresh", { xsrf: true })).status).toBe(401);
  });

  it("lets two tabs refresh with the same token at the same moment; both stay signed in", async () => {
    const { client } = await createUser(t.server);
    const secondTab = new ApiClient(t.server.baseUrl);
    for (const [name, cookie] of client.cookies) secondTab.cookies.set(name, { ...cookie });
    expect((await client.get("/auth/refresh", { xsrf: true })).status).toBe(200);
    const late = await secondTab.get("/auth/refresh", { xsrf: true });
    expect(late.status).toBe(200);
    expect(late.setCookies.some((c) => c.startsWith("cr_refresh="))).toBe(true);
    t.server.clock.advance(minutes(1));
    expect((await client.get("/auth/refresh", { xsrf: true })).status).toBe(200);
    expect((await secondTab.get("/auth/refresh", { xsrf: true })).status).toBe(200);
  });

  it("keeps the session when a refresh's answer never reached the browser (a reload mid-request)", async () => {
    const { client } = await createUser(t.server);
    const heldCookies = new Map([...client.cookies].map(([name, cookie]) => [name, { ...cookie }]));
    expect((await client.get("/auth/refresh", { xsrf: true })).status).toBe(200);
    // The answer with the new cookie was lost: the browser still holds the token it presented.
    for (const [name, cookie] of heldCookies) client.cookies.set(name, cookie);
    t.server.clock.advance(2_000);
    expect((await client.get("/auth/refresh", { xsrf: true })).status).toBe(200);
    t.server.clock.advance(minutes(1));
    const later = await client.get("/auth/refresh", { xsrf: true });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
  });

  it("still revokes the family when the token rotated a moment ago is replayed after the window", async () => {
    const { client } = await createUser(t.server);
    const stolen = new ApiClient(t.server.baseUrl);
    for (const [name, cookie] of client.cookies) stolen.cookies.set(name, { ...cookie });
    expect((await client.get("/auth/refresh", { xsrf: true })).status).toBe(200);
    t.server.clock.advance(11_000);
    expect((await stolen.get("/auth/refresh", { xsrf: true })).status).toBe(403);
    expect((await client.get("/auth/refresh", { xsrf: true })).status).toBe(401);
  });

  it("ends after 30 days without use", async () => {
    const { client } = await createUser(t.server, { keepSignedIn: true });
    t.server.clock.advance(minutes(60 * 24 * 31));
    expect((await client.get("/auth/refresh", { xsrf: true })).status).toBe(401);
  });
});

describe("POST /auth/logout", () => {
  it("needs the XSRF header, then ends the session so refresh fails", async () => {
    const { client } = await createUser(t.server);
    expect((await client.post("/auth/logout")).status).toBe(403);
    const kept = new Map(client.cookies);
    const logout = await client.post("/auth/logout", undefined, { xsrf: true });
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ message: "You have been signed out." });
    expect(client.cookies.has("cr_refresh")).toBe(false);
    // Even replayed with both of its cookies, the ended session cannot refresh.
    for (const [name, cookie] of kept) client.cookies.set(name, cookie);
    expect((await client.get("/auth/refresh", { xsrf: true })).status).toBe(401);
    // The access token of the ended session stops working at once, not 15 minutes later.
    const afterLogout = await client.get("/users/me");
    expect(afterLogout.status).toBe(403);
  });

  it("ends only the session that logged out", async () => {
    const user = await createUser(t.server);
    const second = new ApiClient(t.server.baseUrl);
    const login = await second.post<{ accessToken: string }>("/auth/login", {
      email: user.email,
      password: user.password,
    });
    second.token = login.body.accessToken;
    expect((await user.client.get("/users/me")).status).toBe(200);
    expect((await second.post("/auth/logout", undefined, { xsrf: true })).status).toBe(200);
    expect((await second.get("/users/me")).status).toBe(403);
    expect((await user.client.get("/users/me")).status).toBe(200);
  });

  it("succeeds without any session (errors are ignored by the client anyway)", async () => {
    expect((await new ApiClient(t.server.baseUrl).post("/auth/logout")).status).toBe(200);
  });
});

describe("access tokens", () => {
  it("answers 401 without a token, 403 for an invalid or expired one", async () => {
    const { client } = await createUser(t.server);
    const anonymous = new ApiClient(t.server.baseUrl);
    expect((await anonymous.get("/users/me")).status).toBe(401);
    anonymous.token = "not.a.jwt";
    expect((await anonymous.get("/users/me")).status).toBe(403);
    expect(
      (await anonymous.request("GET", "/users/me", { headers: { authorization: "Basic abc" } })).status,
    ).toBe(403);
    expect((await client.get("/users/me")).status).toBe(200);
    t.server.clock.advance(minutes(16));
    const expired = await client.get("/users/me");
    expect(expired.status).toBe(403);
    expect(expired.body.message).toBe("Your session has expired.");
    // The client's answer to 403: refresh once, retry once.
    const refreshed = await client.get<{ accessToken: string }>("/auth/refresh", { xsrf: true });
    client.token = refreshed.body.accessToken;
    expect((await client.get("/users/me")).status).toBe(200);
  });

  it("refuses a correctly signed token without an expiry", async () => {
    const { SignJWT } = await import("jose");
    const { user } = await createUser(t.server);
    const forever = await new SignJWT({ email: user.email })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuer("changeradar")
      .sign(new TextEncoder().encode(t.server.config.jwtSecret));
    const client = new ApiClient(t.server.baseUrl);
    client.token = forever;
    expect((await client.get("/users/me")).status).toBe(403);
  });

  it("ends every access token of the account when the password is reset", async () => {
    const user = await createUser(t.server);
    expect((await user.client.get("/users/me")).status).toBe(200);
    await t.anonymous.post("/users/forgot-password", { email: user.email });
    const code = await codeFromMail(t.server, user.email, "password reset code");
    const verified = await t.anonymous.post<{ resetToken: string }>("/users/verify-passcode", {
      id: user.id,
      passcode: code,
    });
    const reset = await t.anonymous.post("/users/reset-password", {
      id: user.id,
      password: "a new one!",
      resetToken: verified.body.resetToken,
    });
    expect(reset.status).toBe(200);
    expect((await user.client.get("/users/me")).status).toBe(403);
  });

  it("refuses a token signed with another secret", async () => {
    const { SignJWT } = await import("jose");
    const { user } = await createUser(t.server);
    const forged = await new SignJWT({ email: user.email, isAdmin: true })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuer("changeradar")
      .setExpirationTime("10m")
      .sign(new TextEncoder().encode("some-other-secret-some-other-secret-0000"));
    const client = new ApiClient(t.server.baseUrl);
    client.token = forged;
    expect((await client.get("/users/me")).status).toBe(403);
  });
});
