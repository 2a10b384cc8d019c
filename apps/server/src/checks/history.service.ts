import type { PageQuery, rateChangeSchema } from "@changeradar/contracts";
import type { z } from "zod";
import type { Database } from "../db";
import { NotFound } from "../http/errors";
import { assertValidRules } from "../monitors/monitor-input";
import { findMonitor, updateMonitor } from "../monitors/monitors.repository";
import type { MonitorsContext } from "../monitors/monitors.service";
import { isUuid } from "../users/users.repository";
import { readBlob } from "./blob-store";
import {
  presentChangeDetail,
  presentChangeSummary,
  presentCheck,
  presentPricePoint,
} from "./history.presenter";
import * as repo from "./history.repository";

const BLOB_ID = /^[0-9a-f]{64}$/;

/** The history of a user's monitors: changes, checks, prices and the images of changes. */
export const historyService = {
  async monitorChanges(ctx: MonitorsContext, monitorId: string, query: PageQuery) {
    await ownedMonitor(ctx, monitorId);
    return changesPage(ctx, query, monitorId);
  },

  async recentChanges(ctx: MonitorsContext, query: PageQuery) {
    return changesPage(ctx, query);
  },

  async change(ctx: MonitorsContext, id: string) {
    const found = isUuid(id) ? await repo.findChange(ctx.db, ctx.user.id, id) : null;
    if (!found || (ctx.historySince && found.change.detectedAt < ctx.historySince))
      throw new NotFound("Change not found.");
    const { change, monitor } = found;
    const [before, after] = await Promise.all([
      repo.screenshotOf(ctx.db, change.beforeSnapshotId),
      repo.screenshotOf(ctx.db, change.afterSnapshotId),
    ]);
    return presentChangeDetail(
      change,
      { id: monitor.id, url: monitor.url, name: monitor.name, mode: monitor.mode },
      { before, after },
    );
  },

  /** A "noise" rating may add the ignore rules the user confirmed to the monitor. */
  async rate(ctx: MonitorsContext, id: string, input: z.output<typeof rateChangeSchema>) {
    const found = isUuid(id) ? await repo.findChange(ctx.db, ctx.user.id, id) : null;
    if (!found) throw new NotFound("Change not found.");
    const rules = input.rating === "noise" ? (input.addIgnoreRules ?? []) : [];
    if (rules.length > 0) {
      const merged = [...new Set([...found.monitor.ignoreRules, ...rules])];
      assertValidRules(null, merged);
      await updateMonitor(ctx.db, ctx.user.id, found.monitor.id, { ignoreRules: merged });
    }
    await repo.rateChange(ctx.db, id, input.rating);
    return this.change(ctx, id);
  },

  async checks(ctx: MonitorsContext, monitorId: string, page: PageQuery) {
    await ownedMonitor(ctx, monitorId);
    const { rows, total } = await repo.listChecks(ctx.db, monitorId, page, ctx.historySince);
    return { items: rows.map(presentCheck), total, ...page };
  },

  async prices(ctx: MonitorsContext, monitorId: string) {
    await ownedMonitor(ctx, monitorId);
    return {
      items: (await repo.listPricePoints(ctx.db, monitorId, ctx.historySince ?? null)).map(presentPricePoint),
    };
  },

  /** Only images (screenshots, diff images) of the user's own monitors; never anything a browser would run. */
  async image(ctx: MonitorsContext, id: string) {
    if (!BLOB_ID.test(id) || !(await repo.userOwnsImageBlob(ctx.db, ctx.user.id, id)))
      throw new NotFound("Image not found.");
    const blob = await readBlob(ctx.db, id);
    if (blob?.contentType !== "image/png") throw new NotFound("Image not found.");
    return blob;
  },
};

async function ownedMonitor(ctx: { db: Database; user: { id: string } }, id: string) {
  const row = isUuid(id) ? await findMonitor(ctx.db, ctx.user.id, id) : null;
  if (!row) throw new NotFound("Monitor not found.");
  return row;
}

async function changesPage(ctx: MonitorsContext, page: PageQuery, monitorId?: string) {
  const { rows, total } = await repo.listChanges(ctx.db, ctx.user.id, page, monitorId, ctx.historySince);
  return { items: rows.map(presentChangeSummary), total, ...page };
}
