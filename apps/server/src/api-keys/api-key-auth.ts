import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { Forbidden } from "../http/errors";
import { hashApiKey } from "./api-key-token";
import { findActiveKeyByHash, touchKey } from "./api-keys.repository";

/**
 * `Authorization: Bearer cr_live_…`: the key's owner, or a 403 for an unknown or revoked key. The plan in
 * force is checked on every use (authenticate.ts), so a downgrade ends API access at once.
 */
export async function userIdForApiKey(deps: { db: Database; clock: Clock }, key: string): Promise<string> {
  const row = await findActiveKeyByHash(deps.db, hashApiKey(key));
  if (!row) throw new Forbidden("Invalid API key.");
  await touchKey(deps.db, row.id, deps.clock.now());
  return row.userId;
}
