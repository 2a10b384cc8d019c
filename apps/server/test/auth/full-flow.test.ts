import { messages, tokenResponseSchema } from "@changeradar/contracts";
import { describe, expect, it } from "vitest";
import { ApiClient } from "../helpers/client";
import { useTestServer } from "../helpers/server";
import { codeFromMail, uniqueEmail } from "../helpers/users";

const t = useTestServer();

describe("the whole account journey over plain HTTP", () => {
  it("register → code over SMTP → verify → login → refresh → update-password → logout", async () => {
    const browser = new ApiClient(t.server.baseUrl);
    const email = uniqueEmail("journey");

    const signup = await browser.post("/users/new-merchant", {
      email,
      password: "first-pass",
      firstName: "Grace",
      planType: "Free",
      period: "monthly",
    });
    expect(signup.status).toBe(200);
    const signed = tokenResponseSchema.parse(signup.body);
    expect(signed.user).toMatchObject({ email, firstName: "Grace", planType: "Free", planStatus: "active" });
    expect(signed.user.emailVerified).toBe(false);
    expect(signup.body.userId).toBe(signed.user.id);

    const code = await codeFromMail(t.server, email, "verification code");
    const verify = await browser.post("/users/verify-passcode", {
      id: signed.user.id,
      passcode: code,
      isVerifyEmail: true,
    });
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ userId: signed.user.id });

    const login = await browser.post("/auth/login", {
      email: email.toUpperCase(),
      password: "first-pass",
      keepSignedIn: true,
    });
    expect(login.status).toBe(200);
    const session = tokenResponseSchema.parse(login.body);
    expect(session.user.emailVerified).toBe(true);
    const refreshCookie = login.setCookies.find((c) => c.startsWith("cr_refresh="))!;
    expect(refreshCookie).toMatch(/HttpOnly/i);
    expect(refreshCookie).toMatch(/Path=\/api\/v1\/auth/);
    expect(refreshCookie).toMatch(/SameSite=Lax/i);
    expect(refreshCookie).toMatch(/Max-Age=2592000/);
    expect(login.setCookies.find((c) => c.startsWith("XSRF-TOKEN="))).not.toMatch(/HttpOnly/i);

    const refresh = await browser.get("/auth/refresh", { xsrf: true });
    expect(refresh.status).toBe(200);
    const refreshed = tokenResponseSchema.parse(refresh.body);
    expect(refreshed.user.id).toBe(signed.user.id);
    browser.token = refreshed.accessToken;

    const change = await browser.request("PATCH", "/users/update-password", {
      json: { currentPassword: "first-pass", newPassword: "second-pass" },
    });
    expect(change.status).toBe(200);

    const logout = await browser.post("/auth/logout", undefined, { xsrf: true });
    expect(logout.status).toBe(200);
    expect(browser.cookies.has("cr_refresh")).toBe(false);

    const again = new ApiClient(t.server.baseUrl);
    expect((await again.post("/auth/login", { email, password: "first-pass" })).status).toBe(401);
    expect((await again.post("/auth/login", { email, password: "second-pass" })).status).toBe(200);
    expect(messages.passwordUpdatedLogin).toBeTruthy();
  });
});
