import { randomUUID } from "node:crypto";
import type { AuthUser, PlanName, PlanStatus } from "@changeradar/contracts";
import { hashPassword } from "../../src/auth/passwords";
import { randomToken } from "../../src/auth/secrets";
import { REFRESH_COOKIE, XSRF_COOKIE } from "../../src/auth/session-cookies";
import { startSession } from "../../src/auth/sessions.service";
import { insertUser } from "../../src/users/users.repository";
import { ApiClient } from "./client";
import type { TestServer } from "./server";

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  user: AuthUser;
  /** Signed in: holds the access token and the session cookies. */
  client: ApiClient;
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** A fresh account, signed up through the real API (password hashing, verification mail), for one test. */
export async function createUser(
  server: TestServer,
  overrides: { email?: string; password?: string; planType?: string; keepSignedIn?: boolean } = {},
): Promise<TestUser> {
  const client = new ApiClient(server.baseUrl);
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? "correct horse 1!";
  const firstName = "Ada";
  const response = await client.post<{ accessToken: string; user: AuthUser; userId: string }>(
    "/users/new-merchant",
    {
      email,
      password,
      firstName,
      lastName: "Lovelace",
      planType: overrides.planType ?? "Free",
      period: "monthly",
      keepSignedIn: overrides.keepSignedIn ?? false,
    },
  );
  if (response.status !== 200)
    throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  client.token = response.body.accessToken;
  return { id: response.body.userId, email, password, firstName, user: response.body.user, client };
}

/** The six-digit code in the latest mail of `template` sent to `email`. */
export async function codeFromMail(server: TestServer, email: string, subjectPart: string): Promise<string> {
  const mail = await server.smtp.waitForMail(
    (m) => m.to.includes(email.toLowerCase()) && m.subject.includes(subjectPart),
  );
  const latest =
    server.smtp.mails
      .filter((m) => m.to.includes(email.toLowerCase()) && m.subject.includes(subjectPart))
      .at(-1) ?? mail;
  const code = /\b(\d{6})\b/.exec(latest.text)?.[1];
  if (!code) throw new Error(`no code in mail: ${latest.text}`);
  return code;
}

/** argon2 is slow on purpose: each distinct test password is hashed once per test worker. */
const hashes = new Map<string, Promise<string>>();

/**
 * A fresh account built as rows (no sign-up call, no per-user password hashing) and signed in through the
 * real session service, for tests that are not about sign-up itself. Plan and status as given (a paid
 * plan defaults to active, as `changeradar plan` sets it).
 */
export async function createAccount(
  server: TestServer,
  options: {
    email?: string;
    password?: string;
    plan?: PlanName;
    planStatus?: PlanStatus;
    verified?: boolean;
    keepSignedIn?: boolean;
  } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? "correct horse 1!";
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  const firstName = "Ada";
  const row = await insertUser(server.database.handle.db, {
    email,
    passwordHash: await hash,
    firstName,
    lastName: "Lovelace",
    planType: options.plan ?? "Free",
    planStatus: options.planStatus ?? "active",
    period: "monthly",
    isAdmin: false,
    emailVerifiedAt: options.verified ? server.clock.now() : null,
  });
  if (!row) throw new Error(`an account with ${email} exists already`);
  const session = await startSession(server.context, {
    user: row,
    persistent: options.keepSignedIn ?? false,
  });
  const client = new ApiClient(server.baseUrl);
  client.token = session.accessToken;
  if (session.refreshToken) {
    client.cookies.set(REFRESH_COOKIE, { value: session.refreshToken, path: "/api/v1/auth" });
    client.cookies.set(XSRF_COOKIE, { value: randomToken(), path: "/" });
  }
  return { id: row.id, email, password, firstName, user: session.user, client };
}

/**
 * The ADMIN_EMAIL account, signed up through the real API and made admin the only way there is: by
 * proving the address with the mailed verification code.
 */
export async function createAdmin(
  server: TestServer,
  email = server.config.adminEmail ?? "admin@changeradar.test",
): Promise<TestUser> {
  const admin = await createUser(server, { email });
  const passcode = await codeFromMail(server, email, "verification code");
  const verified = await new ApiClient(server.baseUrl).post("/users/verify-passcode", {
    id: admin.id,
    passcode,
    isVerifyEmail: true,
  });
  if (verified.status !== 200) throw new Error(`admin verification failed: ${verified.status}`);
  return { ...admin, user: { ...admin.user, isAdmin: true, emailVerified: true } };
}
