import type { PlanName } from "@changeradar/contracts";
import type { TestServer } from "../../helpers/server";
import { createAccount, type TestUser } from "../../helpers/users";

/** A user on the given plan (active), optionally with a verified email address. */
export function accountOn(
  server: TestServer,
  plan: PlanName,
  options: { verified?: boolean } = {},
): Promise<TestUser> {
  return createAccount(server, { plan, verified: options.verified ?? false });
}
