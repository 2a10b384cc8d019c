import type { ApiKey, createApiKeySchema } from "@changeradar/contracts";
import type { z } from "zod";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { ApiKeyRow } from "../db/schema/api-keys";
import { assertApiKeysAllowed, type PlanOwner } from "../entitlements";
import { Conflict, NotFound } from "../http/errors";
import { generateApiKey } from "./api-key-token";
import * as repo from "./api-keys.repository";

export const MAX_KEYS_PER_USER = 10;

export function presentApiKey(row: ApiKeyRow, key?: string): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: `${row.prefix}…`,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    ...(key ? { key } : {}),
  };
}

/** Personal API keys (Business): shown once at creation, stored as a sha-256, revocable. */
export function createApiKeysService(deps: { db: Database; clock: Clock }) {
  const { db } = deps;
  return {
    async list(user: PlanOwner): Promise<{ items: ApiKey[] }> {
      assertApiKeysAllowed(user.plan);
      return { items: (await repo.listActiveKeys(db, user.id)).map((row) => presentApiKey(row)) };
    },

    async create(user: PlanOwner, input: z.output<typeof createApiKeySchema>): Promise<ApiKey> {
      assertApiKeysAllowed(user.plan);
      if ((await repo.countActiveKeys(db, user.id)) >= MAX_KEYS_PER_USER) {
        throw new Conflict(`You can have up to ${MAX_KEYS_PER_USER} API keys. Revoke one to create another.`);
      }
      const { key, hash, prefix } = generateApiKey();
      const row = await repo.insertKey(db, { userId: user.id, name: input.name, prefix, keyHash: hash });
      return presentApiKey(row, key);
    },

    /** Revoking stays possible after a downgrade, so a leaked key can always be killed. */
    async revoke(user: PlanOwner, id: string): Promise<void> {
      if (!(await repo.revokeKey(db, user.id, id, deps.clock.now())))
        throw new NotFound("API key not found.");
    },
  };
}
