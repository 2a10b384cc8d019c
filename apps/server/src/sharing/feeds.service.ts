import type { createFeedSchema, Feed, listFeedsQuerySchema } from "@changeradar/contracts";
import type { z } from "zod";
import type { ServiceContext } from "../context";
import type { ChangeFeedRow } from "../db/schema/sharing";
import { historyCutoff, planInForce, type UserContext } from "../entitlements";
import { Gone, NotFound } from "../http/errors";
import { findMonitor } from "../monitors/monitors.repository";
import { isUuid } from "../users/users.repository";
import { renderFeed } from "./feed-document";
import { newNonce, secretLinksOf } from "./secret-links";
import * as repo from "./sharing.repository";

const FEED_ITEMS = 50;

type Ctx = ServiceContext<"db" | "config" | "clock">;
type OwnerCtx = UserContext<"db" | "config" | "clock">;

const linksOf = (ctx: Pick<Ctx, "config">) => secretLinksOf(ctx.config.jwtSecret, "feeds");

function addresses(ctx: Ctx, row: ChangeFeedRow) {
  const base = `${ctx.config.appUrl}/api/v1/feeds/${linksOf(ctx).token(row.id, row.nonce)}`;
  return { rss: `${base}/rss.xml`, atom: `${base}/atom.xml` };
}

function present(ctx: Ctx, row: ChangeFeedRow): Feed {
  const { rss, atom } = addresses(ctx, row);
  return {
    id: row.id,
    scope: row.scope,
    monitorId: row.monitorId,
    tag: row.tag,
    rssUrl: rss,
    atomUrl: atom,
    createdAt: row.createdAt.toISOString(),
    lastReadAt: row.lastReadAt?.toISOString() ?? null,
  };
}

async function owned(ctx: OwnerCtx, id: string) {
  const row = isUuid(id) ? await repo.findOwnedFeed(ctx.db, ctx.user.id, id) : null;
  if (!row) throw new NotFound("Feed not found.");
  return row;
}

/** Private feeds of changes per monitor, per tag and per account (issue 13 §4). */
export async function listFeeds(ctx: OwnerCtx, filter: z.output<typeof listFeedsQuerySchema>) {
  return { items: (await repo.listActiveFeeds(ctx.db, ctx.user.id, filter)).map((row) => present(ctx, row)) };
}

/** One live feed per scope: asking again answers the one that exists. */
export async function createFeed(
  ctx: OwnerCtx,
  input: z.output<typeof createFeedSchema>,
): Promise<{ feed: Feed; created: boolean }> {
  const monitorId = input.scope === "monitor" ? input.monitorId : undefined;
  const tag = input.scope === "tag" ? input.tag : undefined;
  if (monitorId && !(await findMonitor(ctx.db, ctx.user.id, monitorId)))
    throw new NotFound("Monitor not found.");
  const [existing] = await repo.listActiveFeeds(ctx.db, ctx.user.id, { scope: input.scope, monitorId, tag });
  if (existing) return { feed: present(ctx, existing), created: false };
  const row = await repo.insertFeed(ctx.db, {
    userId: ctx.user.id,
    scope: input.scope,
    monitorId: monitorId ?? null,
    tag: tag ?? null,
    nonce: newNonce(),
  });
  return { feed: present(ctx, row), created: true };
}

/** A new secret address; the old one stops working at once. */
export async function rotateFeed(ctx: OwnerCtx, input: { id: string }): Promise<Feed> {
  await owned(ctx, input.id);
  return present(ctx, await repo.updateFeed(ctx.db, input.id, { nonce: newNonce() }));
}

export async function revokeFeed(ctx: OwnerCtx, input: { id: string }): Promise<void> {
  await owned(ctx, input.id);
  await repo.updateFeed(ctx.db, input.id, { revokedAt: ctx.clock.now() });
}

/** The public read: 404 for an address that never was ours, 410 once revoked. */
export async function readFeed(ctx: Ctx, input: { token: string; kind: "rss" | "atom" }): Promise<string> {
  const { token, kind } = input;
  const links = linksOf(ctx);
  const id = links.idOf(token);
  const found = id ? await repo.findFeed(ctx.db, id) : null;
  if (!found || !links.matches(token, found.feed.id, found.feed.nonce))
    throw new NotFound("This feed does not exist.");
  const { feed, owner } = found;
  if (feed.revokedAt || owner.disabledAt) throw new Gone("This feed has been turned off.");
  const now = ctx.clock.now();
  const plan = planInForce(owner, now).inForce;
  const changes = await repo.feedChanges(ctx.db, feed, historyCutoff(plan, now), FEED_ITEMS);
  await repo.updateFeed(ctx.db, feed.id, { lastReadAt: now });
  return renderFeed(
    kind,
    { ...(await describe(ctx, feed)), selfUrl: addresses(ctx, feed), appUrl: ctx.config.appUrl },
    changes,
  );
}

async function describe(ctx: Ctx, feed: ChangeFeedRow): Promise<{ title: string; description: string }> {
  if (feed.scope === "monitor" && feed.monitorId) {
    const monitor = await findMonitor(ctx.db, feed.userId, feed.monitorId);
    const name = monitor?.name ?? "a monitor";
    return { title: `ChangeRadar: ${name}`, description: `Changes detected on ${name}.` };
  }
  if (feed.scope === "tag") {
    return { title: `ChangeRadar: ${feed.tag}`, description: `Changes on monitors tagged “${feed.tag}”.` };
  }
  return { title: "ChangeRadar: all changes", description: "Changes detected on all your monitors." };
}
