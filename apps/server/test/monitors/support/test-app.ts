import type { PlanName } from "@changeradar/contracts";
import { startTestServer, type TestServer } from "../../helpers/server";
import { createAccount } from "../../helpers/users";

/**
 * The foundation's test server (real app on 127.0.0.1, real database: PGlite, or PostgreSQL when
 * DATABASE_URL is set) with page fetches to 127.0.0.1 allowed, plus users on any plan.
 */
export interface TestApp extends TestServer {
  /** A fresh user on `plan` (active) and a bearer header for them. */
  signUp(plan?: PlanName): Promise<{ id: string; email: string; auth: { authorization: string } }>;
}

export const databaseKind = process.env.DATABASE_URL ? "postgres" : "pglite";

export async function startTestApp(): Promise<TestApp> {
  const server = await startTestServer({ ALLOW_PRIVATE_TARGETS: "true" });
  return Object.assign(server, {
    async signUp(plan: PlanName = "Free") {
      // On the plan as the `plan` command sets it (active), email verified.
      const user = await createAccount(server, { plan, verified: true });
      return { id: user.id, email: user.email, auth: { authorization: `Bearer ${user.client.token}` } };
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
