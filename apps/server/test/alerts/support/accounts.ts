import type { PlanName } from "@changeradar/contracts";
import { eq } from "drizzle-orm";
import { users } from "../../../src/db/schema/users";
import type { TestServer } from "../../helpers/server";
import { createUser as signUp, type TestUser } from "../../helpers/users";

/** A signed-up user on the given plan (active), optionally with a verified email address. */
export async function accountOn(
  server: TestServer,
  plan: PlanName,
  options: { verified?: boolean } = {},
): Promise<TestUser> {
  const user = await signUp(server);
  await server.database.handle.db
    .update(users)
    .set({ planType: plan, planStatus: "active", emailVerifiedAt: options.verified ? new Date() : null })
    .where(eq(users.id, user.id));
  return user;
}
