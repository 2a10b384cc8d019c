import { messages, tokenResponseSchema } from "@changeradar/contracts";
import { describe, expect, it } from "vitest";
import { updateUser } from "../../src/users/users.repository";
import { ApiClient } from "../helpers/client";
import { useTestServer } from "../helpers/server";
import { codeFromMail, createUser, uniqueEmail } from "../helpers/users";

const t = useTestServer();

describe("POST /auth/login", () => {
  it("signs in with the right password, whatever the email's case", async () => {
    const user = await createUser(t.server);
    const response = await t.anonymous.post("/auth/login", {
      email: ` ${user.email.toUpperCase()} `,
      password: user.password,
    });
    expect(response.status).toBe(200);
    expect(tokenResponseSchema.parse(response.body).user.email).toBe(user.email);
  });

  it("answers a wrong password and an unknown email identically", async () => {
    const user = await createUser(t.server);
    const wrong = await t.anonymous.post("/auth/login", { email: user.email, password: "not it" });
    const unknown = await t.anonymous.post("/auth/login", {
      email: uniqueEmail("nobody"),
      password: "not it",
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: "Invalid email or password." });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("uses the spec's messages for missing and malformed fields", async () => {
    const empty = await t.anonymous.post("/auth/login", { email: "", password: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([
      { path: "email", msg: messages.emailRequired },
      { path: "password", msg: messages.loginPasswordRequired },
    ]);
    const malformed = await t.anonymous.post("/auth/login", { email: "not-an-email", password: "x" });
    expect(malformed.body).toMatchObject({
      message: messages.emailInvalid,
      errors: [{ path: "email", msg: messages.emailInvalid }],
    });
  });

  it("treats SQL-looking and very long input as plain data", async () => {
    const sqlEmail = await t.anonymous.post("/auth/login", {
      email: "x' OR '1'='1'; --@example.test",
      password: "' OR 1=1 --",
    });
    expect([400, 401]).toContain(sqlEmail.status);
    const user = await createUser(t.server, { password: "'; DROP TABLE users; --" });
    const sqlPassword = await t.anonymous.post("/auth/login", {
      email: user.email,
      password: "'; DROP TABLE users; --",
    });
    expect(sqlPassword.status).toBe(200);
    const longEmail = await t.anonymous.post("/auth/login", {
      email: `${"a".repeat(5000)}@example.test`,
      password: "x",
    });
    expect(longEmail.status).toBe(400);
    expect(longEmail.body.message).toBe(messages.emailInvalid);
    const longPassword = await t.anonymous.post("/auth/login", {
      email: user.email,
      password: "p".repeat(5000),
    });
    expect(longPassword.status).toBe(400);
  });

  it("sets a session cookie without 'keep me signed in' and a 30-day one with it", async () => {
    const user = await createUser(t.server);
    const session = await t.anonymous.post("/auth/login", { email: user.email, password: user.password });
    const sessionCookie = session.setCookies.find((c) => c.startsWith("cr_refresh="))!;
    expect(sessionCookie).not.toMatch(/Max-Age|Expires/i);
    const kept = await t.anonymous.post("/auth/login", {
      email: user.email,
      password: user.password,
      keepSignedIn: true,
    });
    expect(kept.setCookies.find((c) => c.startsWith("cr_refresh="))).toMatch(/Max-Age=2592000/);
    expect(kept.setCookies.find((c) => c.startsWith("XSRF-TOKEN="))).toMatch(/Max-Age=2592000; Path=\//);
  });

  it("refuses a disabled account, and its tokens stop working at once", async () => {
    const user = await createUser(t.server);
    await updateUser(t.server.database.handle.db, user.id, { disabledAt: new Date() });
    const login = await t.anonymous.post("/auth/login", { email: user.email, password: user.password });
    expect(login.status).toBe(401);
    expect(login.body.message).toMatch(/disabled/);
    expect((await user.client.get("/users/me")).status).toBe(403);
    expect((await user.client.get("/auth/refresh", { xsrf: true })).status).toBe(401);
  });

  it("makes the ADMIN_EMAIL account an admin only once the address is verified", async () => {
    const admin = await createUser(t.server, { email: "Admin@ChangeRadar.test" });
    expect(admin.user.isAdmin).toBe(false);
    expect((await admin.client.get("/admin/dashboard")).status).toBe(403);
    const login = await t.anonymous.post<{ user: { isAdmin: boolean } }>("/auth/login", {
      email: admin.email,
      password: admin.password,
    });
    expect(login.body.user.isAdmin).toBe(false);
    expect((await admin.client.get("/admin/dashboard")).status).toBe(403);

    const code = await codeFromMail(t.server, admin.email, "verification code");
    const verify = await t.anonymous.post("/users/verify-passcode", {
      id: admin.id,
      passcode: code,
      isVerifyEmail: true,
    });
    expect(verify.status).toBe(200);
    expect((await admin.client.get("/admin/dashboard")).status).toBe(200);
    const other = await createUser(t.server);
    expect(other.user.isAdmin).toBe(false);
  });
});

describe("POST /users/new-merchant", () => {
  it("creates a Free account that is active, signed in, with a verification code mailed", async () => {
    const user = await createUser(t.server);
    expect(user.user).toMatchObject({
      planType: "Free",
      planStatus: "active",
      emailVerified: false,
      isAdmin: false,
    });
    const mail = await t.server.smtp.waitForMail((m) => m.to.includes(user.email));
    expect(mail.subject).toMatch(/^\d{6} is your ChangeRadar verification code$/);
    expect(mail.text).toContain(`Hi ${user.firstName}`);
    expect(mail.html).toContain("ChangeRadar");
    expect(user.client.cookies.has("cr_refresh")).toBe(true);
    const me = await user.client.get("/users/me");
    expect(me.body).toMatchObject({
      email: user.email,
      firstName: "Ada",
      lastName: "Lovelace",
      period: "monthly",
    });
  });

  it("starts a paid plan as 'incomplete' until payment", async () => {
    const user = await createUser(t.server, { planType: "Pro" });
    expect(user.user).toMatchObject({ planType: "Pro", planStatus: "incomplete" });
  });

  it("answers a taken email exactly as a new one and mails the owner instead (no enumeration)", async () => {
    const owner = await createUser(t.server);
    const fresh = await t.anonymous.post("/users/new-merchant", {
      email: uniqueEmail("fresh"),
      password: "another",
      firstName: "Eve",
    });
    const attacker = new ApiClient(t.server.baseUrl);
    const again = await attacker.post<{ accessToken: string; userId: string; user: object }>(
      "/users/new-merchant",
      {
        email: owner.email.toUpperCase(),
        password: "another",
        firstName: "Eve",
      },
    );
    expect(again.status).toBe(fresh.status);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(Object.keys(again.body.user).sort()).toEqual(Object.keys(fresh.body.user as object).sort());
    expect(again.setCookies.map((c) => c.split("=")[0]).sort()).toEqual(
      fresh.setCookies.map((c) => c.split("=")[0]).sort(),
    );
    // It opens nothing: not the owner's account, no session.
    expect(again.body.userId).not.toBe(owner.id);
    attacker.token = again.body.accessToken;
    expect((await attacker.get("/users/me")).status).toBe(403);
    expect((await attacker.get("/auth/refresh", { xsrf: true })).status).toBe(401);
    // The owner is told, and keeps their password.
    const warning = await t.server.smtp.waitForMail(
      (m) => m.to.includes(owner.email) && /tried to sign up/i.test(m.subject),
    );
    expect(warning.text).toMatch(/someone tried to sign up with your address/i);
    const login = await t.anonymous.post("/auth/login", { email: owner.email, password: owner.password });
    expect(login.status).toBe(200);
  });

  it("validates with the spec's messages and refuses unknown fields and plans", async () => {
    const bad = await t.anonymous.post("/users/new-merchant", {
      email: "x@y.test",
      password: "ab",
      firstName: " ",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { path: "password", msg: messages.passwordMin },
      { path: "firstName", msg: messages.firstNameRequired },
    ]);
    const unknown = await t.anonymous.post("/users/new-merchant", {
      email: uniqueEmail(),
      password: "abc",
      firstName: "A",
      isAdmin: true,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ path: "isAdmin", msg: "Unknown field" }]);
    const plan = await t.anonymous.post("/users/new-merchant", {
      email: uniqueEmail(),
      password: "abc",
      firstName: "A",
      planType: "Platinum",
    });
    expect(plan.status).toBe(400);
    expect((plan.body.errors as Array<{ path: string }>)[0]?.path).toBe("planType");
  });
});
