import { plans } from "@changeradar/contracts";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { Forbidden } from "../http/errors";
import { hashApiKey } from "./api-key-token";
import { findActiveKeyByHash, touchKey } from "./api-keys.repository";
import { API_KEYS_PLAN_MESSAGE } from "./api-keys.service";

/**
 * `Authorization: Bearer cr_live_…`: the key's owner, or a 403 for an unknown or revoked key. The plan is
 * checked on every use (the caller reloads the user), so a downgrade ends API access at once.
 */
export async function userIdForApiKey(deps: { db: Database; clock: Clock }, key: string): Promise<string> {
  const row = await findActiveKeyByHash(deps.db, hashApiKey(key));
  if (!row) throw new Forbidden("Invalid API key.");
  await touchKey(deps.db, row.id, deps.clock.now());
  return row.userId;
}

export function assertApiKeyPlan(planType: keyof typeof plans): void {
  if (!plans[planType].apiKeys) throw new Forbidden(API_KEYS_PLAN_MESSAGE);
}
