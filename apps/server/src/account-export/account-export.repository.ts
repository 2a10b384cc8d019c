import { and, desc, eq, gte } from "drizzle-orm";
import type { Database } from "../db";
import { channels } from "../db/schema/alerts";
import { changes } from "../db/schema/checks";
import { monitors } from "../db/schema/monitors";

/** Reads for a user's export, every one filtered by the owner. */

export async function exportedMonitors(db: Database, userId: string) {
  return db.select().from(monitors).where(eq(monitors.userId, userId)).orderBy(monitors.createdAt);
}

export async function exportedChannels(db: Database, userId: string) {
  return db.select().from(channels).where(eq(channels.userId, userId)).orderBy(channels.createdAt);
}

export async function exportedChanges(db: Database, userId: string, since: Date, limit: number) {
  return db
    .select({
      id: changes.id,
      monitorId: changes.monitorId,
      monitorName: monitors.name,
      url: monitors.url,
      detectedAt: changes.detectedAt,
      kinds: changes.kinds,
      summary: changes.summary,
      significance: changes.significance,
      priceBefore: changes.priceBefore,
      priceAfter: changes.priceAfter,
      currency: changes.currency,
      diff: changes.diff,
    })
    .from(changes)
    .innerJoin(monitors, eq(monitors.id, changes.monitorId))
    .where(and(eq(monitors.userId, userId), gte(changes.detectedAt, since)))
    .orderBy(desc(changes.detectedAt), desc(changes.id))
    .limit(limit);
}
