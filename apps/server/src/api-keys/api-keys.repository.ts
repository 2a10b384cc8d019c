import { and, count, desc, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../db/database";
import { type ApiKeyRow, apiKeys } from "../db/schema/api-keys";

export async function listActiveKeys(db: Database, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
}

export async function countActiveKeys(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertKey(
  db: Database,
  values: { userId: string; name: string; prefix: string; keyHash: string },
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  if (!row) throw new Error("Inserting an API key returned no row");
  return row;
}

/** False when no active key of that user has this id. */
export async function revokeKey(db: Database, userId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export async function findActiveKeyByHash(db: Database, keyHash: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row ?? null;
}

/** How finely a key's last use is recorded: once a minute, so busy scripts do not write on every request. */
export const KEY_USE_RESOLUTION_MS = 60_000;

/** Records a use unless one was recorded within KEY_USE_RESOLUTION_MS (another node may have). */
export async function touchKey(db: Database, id: string, at: Date): Promise<void> {
  const staleBefore = new Date(at.getTime() - KEY_USE_RESOLUTION_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
}
