import type { PlanName } from "@changeradar/contracts";
import { signAccessToken } from "../../../src/auth/access-token";
import { users } from "../../../src/db/schema/users";
import { toAuthUser } from "../../../src/users/users.presenter";
import { startTestServer, type TestServer } from "../../helpers/server";

/**
 * The foundation's test server (real app on 127.0.0.1, real database: PGlite, or PostgreSQL when
 * DATABASE_URL is set) with page fetches to 127.0.0.1 allowed, plus users on any plan.
 */
export interface TestApp extends TestServer {
  /** A fresh user on `plan` (active) and a bearer header for them. */
  signUp(plan?: PlanName): Promise<{ id: string; email: string; auth: { authorization: string } }>;
}

export const databaseKind = process.env.DATABASE_URL ? "postgres" : "pglite";

let counter = 0;

export async function startTestApp(): Promise<TestApp> {
  const server = await startTestServer({ ALLOW_PRIVATE_TARGETS: "true" });
  return Object.assign(server, {
    async signUp(plan: PlanName = "Free") {
      counter++;
      const email = `owner-${process.pid}-${Date.now()}-${counter}@example.test`;
      const [row] = await server.database.handle.db
        .insert(users)
        .values({
          email,
          passwordHash: "unused",
          firstName: "Test",
          planType: plan,
          emailVerifiedAt: new Date(),
        })
        .returning();
      const token = await signAccessToken(toAuthUser(row), server.config.jwtSecret, server.clock);
      return { id: row.id, email, auth: { authorization: `Bearer ${token}` } };
    },
  });
}

/** Polls `read` until `done` holds (state reached by background work), failing after `timeoutMs`. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`Condition not reached in ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
