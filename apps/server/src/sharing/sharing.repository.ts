import { and, desc, eq, gt, gte, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db";
import { changes } from "../db/schema/checks";
import { monitors } from "../db/schema/monitors";
import { type ChangeFeedRow, changeFeeds, changeShares } from "../db/schema/sharing";
import { users } from "../db/schema/users";

/** Feeds and share links. Owner-facing reads filter by the owner; public reads go by the row id of a token. */

export type NewFeed = typeof changeFeeds.$inferInsert;

export async function insertFeed(db: Database, values: NewFeed): Promise<ChangeFeedRow> {
  const [row] = await db.insert(changeFeeds).values(values).returning();
  return row;
}

export async function listActiveFeeds(
  db: Database,
  userId: string,
  filter: { scope?: ChangeFeedRow["scope"]; monitorId?: string; tag?: string },
): Promise<ChangeFeedRow[]> {
  return db
    .select()
    .from(changeFeeds)
    .where(
      and(
        eq(changeFeeds.userId, userId),
        isNull(changeFeeds.revokedAt),
        filter.scope ? eq(changeFeeds.scope, filter.scope) : undefined,
        filter.monitorId ? eq(changeFeeds.monitorId, filter.monitorId) : undefined,
        filter.tag ? eq(changeFeeds.tag, filter.tag) : undefined,
      ),
    )
    .orderBy(changeFeeds.createdAt);
}

export async function findOwnedFeed(db: Database, userId: string, id: string): Promise<ChangeFeedRow | null> {
  const [row] = await db
    .select()
    .from(changeFeeds)
    .where(and(eq(changeFeeds.id, id), eq(changeFeeds.userId, userId), isNull(changeFeeds.revokedAt)));
  return row ?? null;
}

export async function updateFeed(
  db: Database,
  id: string,
  patch: Partial<Pick<ChangeFeedRow, "nonce" | "revokedAt" | "lastReadAt">>,
): Promise<ChangeFeedRow> {
  const [row] = await db.update(changeFeeds).set(patch).where(eq(changeFeeds.id, id)).returning();
  return row;
}

/** A feed by id with what its public answer needs about the owner: the plan columns and whether they are disabled. */
export async function findFeed(db: Database, id: string) {
  const [row] = await db
    .select({
      feed: changeFeeds,
      owner: {
        planType: users.planType,
        planStatus: users.planStatus,
        planStatusAt: users.planStatusAt,
        disabledAt: users.disabledAt,
      },
    })
    .from(changeFeeds)
    .innerJoin(users, eq(users.id, changeFeeds.userId))
    .where(eq(changeFeeds.id, id));
  return row ?? null;
}

/** The newest changes a feed covers, within the owner's history window. */
export async function feedChanges(db: Database, feed: ChangeFeedRow, since: Date, limit: number) {
  const scope: SQL | undefined =
    feed.scope === "monitor" && feed.monitorId
      ? eq(changes.monitorId, feed.monitorId)
      : feed.scope === "tag" && feed.tag
        ? sql`${monitors.tags} @> ${JSON.stringify([feed.tag])}::jsonb`
        : undefined;
  return db
    .select({
      id: changes.id,
      monitorId: changes.monitorId,
      monitorName: monitors.name,
      url: monitors.url,
      detectedAt: changes.detectedAt,
      kinds: changes.kinds,
      summary: changes.summary,
      diff: changes.diff,
    })
    .from(changes)
    .innerJoin(monitors, eq(monitors.id, changes.monitorId))
    .where(and(eq(monitors.userId, feed.userId), gte(changes.detectedAt, since), scope))
    .orderBy(desc(changes.detectedAt), desc(changes.id))
    .limit(limit);
}

export async function insertShare(db: Database, values: typeof changeShares.$inferInsert) {
  const [row] = await db.insert(changeShares).values(values).returning();
  return row;
}

export async function listActiveShares(db: Database, userId: string, changeId: string, now: Date) {
  return db
    .select()
    .from(changeShares)
    .where(
      and(
        eq(changeShares.userId, userId),
        eq(changeShares.changeId, changeId),
        isNull(changeShares.revokedAt),
        gt(changeShares.expiresAt, now),
      ),
    )
    .orderBy(desc(changeShares.createdAt));
}

export async function revokeShare(db: Database, userId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(changeShares)
    .set({ revokedAt: at })
    .where(and(eq(changeShares.id, id), eq(changeShares.userId, userId), isNull(changeShares.revokedAt)))
    .returning({ id: changeShares.id });
  return rows.length > 0;
}

/** A share by id with its change, the page it was seen on and whether the owner is disabled. */
export async function findShare(db: Database, id: string) {
  const [row] = await db
    .select({
      share: changeShares,
      change: changes,
      pageUrl: monitors.url,
      monitorMode: monitors.mode,
      ownerDisabledAt: users.disabledAt,
    })
    .from(changeShares)
    .innerJoin(changes, eq(changes.id, changeShares.changeId))
    .innerJoin(monitors, eq(monitors.id, changes.monitorId))
    .innerJoin(users, eq(users.id, changeShares.userId))
    .where(eq(changeShares.id, id));
  return row ?? null;
}
