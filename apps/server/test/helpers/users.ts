import { randomUUID } from "node:crypto";
import type { AuthUser } from "@changeradar/contracts";
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

/** A fresh account, signed up through the real API, for one test. */
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
