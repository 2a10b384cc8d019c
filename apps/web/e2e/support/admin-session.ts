import { type APIRequestContext, expect } from "@playwright/test";

export const adminEmail = "admin@changeradar.test";
export const adminPassword = "Admin-area-e2e-9";

/**
 * Signs up ADMIN_EMAIL's account and verifies the address with the mailed code (ADMIN_EMAIL is an admin only
 * once its address is verified). Run once by the global set-up, before any worker starts, so that specs in
 * parallel workers never race to create or verify it.
 */
export async function createVerifiedAdmin(baseUrl: string, mailboxUrl: string): Promise<void> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const signUp = await post("/api/v1/users/new-merchant", {
    email: adminEmail,
    password: adminPassword,
    firstName: "Sam",
    lastName: "Admin",
    planType: "Free",
    period: "monthly",
  });
  if (!signUp.ok) throw new Error(`the admin's sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const { userId } = (await signUp.json()) as { userId: string };
  const passcode = await verificationCodeMailedTo(mailboxUrl, adminEmail);
  const verified = await post("/api/v1/users/verify-passcode", { id: userId, passcode, isVerifyEmail: true });
  if (!verified.ok) throw new Error(`the admin's address was not verified: ${verified.status}`);
}

async function verificationCodeMailedTo(mailboxUrl: string, email: string): Promise<string> {
  const subject = /^(\d{6}) is your ChangeRadar verification code/;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${mailboxUrl}/mails`)).json()) as { to: string[]; subject: string }[];
    const code = mails
      .filter((m) => m.to.includes(email))
      .map((m) => subject.exec(m.subject)?.[1])
      .find(Boolean);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification code mailed to ${email} within 15 s`);
}

/** An access token for the administrator made by the global set-up. */
export async function adminAccessToken(request: APIRequestContext): Promise<string> {
  const login = await request.post("/api/v1/auth/login", {
    data: { email: adminEmail, password: adminPassword },
  });
  expect(login.status(), "the admin account signs in with the shared e2e password").toBe(200);
  return (await login.json()).accessToken as string;
}
