/**
 * The pages a site monitor watches one by one ("Watch each page's content"): a page monitor of its own per
 * page found, owned by the site monitor (parent_id). Created when the site's check finds the page, deleted
 * when the page is removed, when watching is turned off, or with the site monitor. Its settings are always
 * the site monitor's; it is checked, compared, recorded and alerted like any page, so a content change
 * reaches the history and the channels naming the page. Its count is bounded by the site's page cap, which
 * the plan bounds (entitlements siteRefusal); it does not count toward the plan's monitor limit.
 */
import { type Frequency, frequencyMinutes } from "@changeradar/contracts";
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db";
import { type MonitorRow, monitors } from "../db/schema/monitors";

/** The settings a site monitor hands to its pages (changing one of them on the site changes all of them). */
export function sharedSettings(site: MonitorRow) {
  return {
    frequency: site.frequency,
    watch: site.watch,
    ignoreRules: site.ignoreRules,
    conditions: site.conditions,
    sensitivity: site.sensitivity,
    channelIds: site.channelIds,
    tags: site.tags,
    aiCriteria: site.aiCriteria,
    paused: site.paused,
    pausedByPlan: site.pausedByPlan,
    pausedByDisable: site.pausedByDisable,
  };
}

/** Pages new to the watch are first checked this far apart, so a site of many pages is not read at once. */
export const FIRST_CHECK_SPACING_MS = 1000;

/** How a page is named in lists and alerts: the site monitor's name and the page's path. */
export function pageName(siteName: string, url: string): string {
  const { pathname, search } = new URL(url);
  return `${siteName} · ${`${pathname}${search}`.slice(0, 150)}`;
}

/**
 * Makes the site's watched pages the given addresses (the pages of its latest version its ignore rules
 * keep), reading the site monitor afresh (its settings may have changed while the site was read).
 * Returns how many page monitors were added and removed.
 */
export async function syncSitePages(
  db: Database,
  siteId: string,
  pages: readonly string[],
  now: Date,
): Promise<{ added: number; removed: number }> {
  return db.transaction(async (tx) => {
    const [site] = await tx.select().from(monitors).where(eq(monitors.id, siteId)).for("update");
    if (!site || site.mode === "page") return { added: 0, removed: 0 };
    const wanted = site.watchPages ? new Set(pages.slice(0, site.maxPages ?? 0)) : new Set<string>();
    const existing = await tx
      .select({ id: monitors.id, url: monitors.url })
      .from(monitors)
      .where(eq(monitors.parentId, siteId));
    const gone = existing.filter((page) => !wanted.has(page.url)).map((page) => page.id);
    if (gone.length > 0) await tx.delete(monitors).where(inArray(monitors.id, gone));
    const have = new Set(existing.map((page) => page.url));
    const added = [...wanted].filter((url) => !have.has(url));
    if (added.length > 0) {
      const spacing = Math.min(FIRST_CHECK_SPACING_MS, spreadWithin(site.frequency, added.length));
      await tx.insert(monitors).values(
        added.map((url, i) => ({
          userId: site.userId,
          url,
          host: new URL(url).hostname.toLowerCase(),
          name: pageName(site.name, url),
          mode: "page" as const,
          renderJs: false,
          parentId: site.id,
          ...sharedSettings(site),
          nextCheckAt: new Date(now.getTime() + i * spacing),
        })),
      );
    }
    return { added: added.length, removed: gone.length };
  });
}

/** The spacing that puts `count` first checks within one check interval (a short interval, many pages). */
function spreadWithin(frequency: Frequency, count: number): number {
  return Math.floor((frequencyMinutes[frequency] * 60_000) / Math.max(1, count));
}

/** After a site monitor is saved: its pages take its settings, or are deleted when it no longer watches them. */
export async function applyToSitePages(db: Database, site: MonitorRow): Promise<void> {
  const mine = eq(monitors.parentId, site.id);
  if (site.mode === "page" || !site.watchPages) {
    await db.delete(monitors).where(mine);
    return;
  }
  await db
    .update(monitors)
    .set({ ...sharedSettings(site), updatedAt: new Date() })
    .where(mine);
  await renamePages(db, site);
  if (!site.paused) await spaceOverdue(db, site.id);
}

/** A renamed site renames its pages (their names carry it); an unchanged name costs one read. */
async function renamePages(db: Database, site: MonitorRow): Promise<void> {
  const pages = await db
    .select({ id: monitors.id, url: monitors.url, name: monitors.name })
    .from(monitors)
    .where(eq(monitors.parentId, site.id));
  const renamed = pages.filter((page) => page.name !== pageName(site.name, page.url));
  if (renamed.length === 0) return;
  await db.transaction(async (tx) => {
    for (const page of renamed)
      await tx
        .update(monitors)
        .set({ name: pageName(site.name, page.url) })
        .where(eq(monitors.id, page.id));
  });
}

/**
 * Pages that fell due while their site was paused are spaced FIRST_CHECK_SPACING_MS apart from now, in
 * address order, so resuming a site of many pages does not read them all at once.
 */
async function spaceOverdue(db: Database, siteId: string): Promise<void> {
  const spacing = sql.raw(`interval '${FIRST_CHECK_SPACING_MS} milliseconds'`);
  await db.execute(sql`
    update ${monitors} as m set next_check_at = now() + r.n * ${spacing}
    from (
      select id, row_number() over (order by url) - 1 as n
      from ${monitors} where parent_id = ${siteId} and next_check_at < now()
    ) as r
    where m.id = r.id`);
}
