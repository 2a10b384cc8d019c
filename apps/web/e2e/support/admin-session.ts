import { type APIRequestContext, expect } from "@playwright/test";
import { nextCode } from "../fixtures";
import { adminEmail, adminPassword } from "../global-setup";

/**
 * An access token for ADMIN_EMAIL's account, whichever spec comes first: signs it up if no spec has yet, signs
 * in, and verifies the address with the mailed code (ADMIN_EMAIL is an admin only once its address is verified).
 */
export async function adminAccessToken(request: APIRequestContext): Promise<string> {
  await request.post("/api/v1/users/new-merchant", {
    data: {
      email: adminEmail,
      password: adminPassword,
      firstName: "Sam",
      lastName: "Admin",
      planType: "Free",
      period: "monthly",
    },
  });
  const login = await request.post("/api/v1/auth/login", {
    data: { email: adminEmail, password: adminPassword },
  });
  expect(login.status(), "the admin account signs in with the shared e2e password").toBe(200);
  const token = (await login.json()).accessToken as string;
  const me = await request.get("/api/v1/users/me", { headers: { authorization: `Bearer ${token}` } });
  const { id, emailVerified } = (await me.json()) as { id: string; emailVerified: boolean };
  if (emailVerified) return token;
  const passcode = await nextCode(adminEmail, "verification", 0);
  const verified = await request.post("/api/v1/users/verify-passcode", {
    data: { id, passcode, isVerifyEmail: true },
  });
  expect(verified.status(), "the admin address is verified with the mailed code").toBe(200);
  // Verifying makes the account an admin; a fresh token carries the role.
  const again = await request.post("/api/v1/auth/login", {
    data: { email: adminEmail, password: adminPassword },
  });
  return (await again.json()).accessToken as string;
}
