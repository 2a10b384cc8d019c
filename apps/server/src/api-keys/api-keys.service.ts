import type { ApiKey, createApiKeySchema } from "@changeradar/contracts";
import type { z } from "zod";
import type { ApiKeyRow } from "../db/schema/api-keys";
import { assertApiKeysAllowed, type UserContext } from "../entitlements";
import { Conflict, NotFound } from "../http/errors";
import { generateApiKey } from "./api-key-token";
import * as repo from "./api-keys.repository";

export const MAX_KEYS_PER_USER = 10;

type Ctx = UserContext<"db" | "clock">;

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
export async function listApiKeys(ctx: Ctx): Promise<{ items: ApiKey[] }> {
  assertApiKeysAllowed(ctx.user.plan);
  return { items: (await repo.listActiveKeys(ctx.db, ctx.user.id)).map((row) => presentApiKey(row)) };
}

export async function createApiKey(ctx: Ctx, input: z.output<typeof createApiKeySchema>): Promise<ApiKey> {
  assertApiKeysAllowed(ctx.user.plan);
  if ((await repo.countActiveKeys(ctx.db, ctx.user.id)) >= MAX_KEYS_PER_USER) {
    throw new Conflict(`You can have up to ${MAX_KEYS_PER_USER} API keys. Revoke one to create another.`);
  }
  const { key, hash, prefix } = generateApiKey();
  const row = await repo.insertKey(ctx.db, { userId: ctx.user.id, name: input.name, prefix, keyHash: hash });
  return presentApiKey(row, key);
}

/** Revoking stays possible after a downgrade, so a leaked key can always be killed. */
export async function revokeApiKey(ctx: Ctx, input: { id: string }): Promise<void> {
  if (!(await repo.revokeKey(ctx.db, ctx.user.id, input.id, ctx.clock.now())))
    throw new NotFound("API key not found.");
}
