import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { Forbidden } from "../http/errors";
import { hashApiKey } from "./api-key-token";
import { findActiveKeyByHash, KEY_USE_RESOLUTION_MS, touchKey } from "./api-keys.repository";

/**
 * `Authorization: Bearer cr_live_…`: the key's owner, or a 403 for an unknown or revoked key. The plan in
 * force is checked on every use (authenticate.ts), so a downgrade ends API access at once.
 */
export async function userIdForApiKey(deps: { db: Database; clock: Clock }, key: string): Promise<string> {
  const row = await findActiveKeyByHash(deps.db, hashApiKey(key));
  if (!row) throw new Forbidden("Invalid API key.");
  // The row says when it was last recorded: a key used within the minute costs no second statement.
  const now = deps.clock.now();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= KEY_USE_RESOLUTION_MS)
    await touchKey(deps.db, row.id, now);
  return row.userId;
}
