import type { createShareSchema, SharedChange, ShareExpiry, ShareLink } from "@changeradar/contracts";
import type { z } from "zod";
import { readBlob } from "../checks/blob-store";
import { presentChangeDetail } from "../checks/history.presenter";
import { findChange, screenshotOf } from "../checks/history.repository";
import type { ServiceContext } from "../context";
import type { ChangeShareRow } from "../db/schema/sharing";
import { historyCutoff, type UserContext } from "../entitlements";
import { Gone, NotFound } from "../http/errors";
import { isUuid } from "../users/users.repository";
import { newNonce, secretLinksOf } from "./secret-links";
import * as repo from "./sharing.repository";

const HOUR = 3_600_000;
const lifetimes: Record<ShareExpiry, number> = {
  "1h": HOUR,
  "1d": 24 * HOUR,
  "7d": 7 * 24 * HOUR,
  "30d": 30 * 24 * HOUR,
};
export const sharedImages = ["before", "after", "diff"] as const;
export type SharedImage = (typeof sharedImages)[number];

type Ctx = ServiceContext<"db" | "config" | "clock">;
type OwnerCtx = UserContext<"db" | "config" | "clock">;

const linksOf = (ctx: Pick<Ctx, "config">) => secretLinksOf(ctx.config.jwtSecret, "shares");

function present(ctx: Ctx, row: ChangeShareRow): ShareLink {
  return {
    id: row.id,
    changeId: row.changeId,
    url: `${ctx.config.appUrl}/share/${linksOf(ctx).token(row.id, row.nonce)}`,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

async function ownedChange(ctx: OwnerCtx, changeId: string) {
  const found = isUuid(changeId) ? await findChange(ctx.db, ctx.user.id, changeId) : null;
  if (!found || found.change.detectedAt < historyCutoff(ctx.user.plan, ctx.clock.now()))
    throw new NotFound("Change not found.");
  return found.change;
}

/** The share a token names: 404 when it never was one of ours, 410 once revoked or expired. */
async function resolve(ctx: Ctx, token: string) {
  const links = linksOf(ctx);
  const id = links.idOf(token);
  const found = id ? await repo.findShare(ctx.db, id) : null;
  if (!found || !links.matches(token, found.share.id, found.share.nonce))
    throw new NotFound("This link does not exist.");
  if (found.share.revokedAt || found.ownerDisabledAt) throw new Gone("This link has been turned off.");
  if (found.share.expiresAt <= ctx.clock.now()) throw new Gone("This link has expired.");
  return found;
}

/** Public, read-only, expiring links to one change (issue 13 §4): the change, nothing about the account. */
export async function createShare(
  ctx: OwnerCtx,
  input: z.output<typeof createShareSchema> & { changeId: string },
): Promise<ShareLink> {
  const change = await ownedChange(ctx, input.changeId);
  const row = await repo.insertShare(ctx.db, {
    userId: ctx.user.id,
    changeId: change.id,
    nonce: newNonce(),
    expiresAt: new Date(ctx.clock.now().getTime() + lifetimes[input.expiresIn]),
  });
  return present(ctx, row);
}

export async function listShares(ctx: OwnerCtx, input: { changeId: string }) {
  await ownedChange(ctx, input.changeId);
  const rows = await repo.listActiveShares(ctx.db, ctx.user.id, input.changeId, ctx.clock.now());
  return { items: rows.map((row) => present(ctx, row)) };
}

export async function revokeShare(ctx: OwnerCtx, input: { id: string }): Promise<void> {
  const { id } = input;
  if (!isUuid(id) || !(await repo.revokeShare(ctx.db, ctx.user.id, id, ctx.clock.now())))
    throw new NotFound("Share link not found.");
}

export async function readShare(ctx: Ctx, input: { token: string }): Promise<SharedChange> {
  const { token } = input;
  const { share, change, pageUrl, monitorMode } = await resolve(ctx, token);
  const [before, after] = await Promise.all([
    screenshotOf(ctx.db, change.beforeSnapshotId),
    screenshotOf(ctx.db, change.afterSnapshotId),
  ]);
  const { monitorId, monitorName, monitor, rating, screenshots, ...detail } = presentChangeDetail(
    change,
    { id: change.monitorId, url: pageUrl, name: "", mode: monitorMode },
    { before, after },
  );
  const image = (which: SharedImage, present: string | null) =>
    present ? `/api/v1/shared/${token}/images/${which}` : null;
  return {
    ...detail,
    screenshots: screenshots && {
      before: image("before", screenshots.before),
      after: image("after", screenshots.after),
      diff: image("diff", screenshots.diff),
      diffPercent: screenshots.diffPercent,
    },
    pageUrl,
    expiresAt: share.expiresAt.toISOString(),
  };
}

export async function sharedImage(ctx: Ctx, input: { token: string; which: string }) {
  const { change } = await resolve(ctx, input.token);
  const { which } = input;
  const blobId =
    which === "before"
      ? await screenshotOf(ctx.db, change.beforeSnapshotId)
      : which === "after"
        ? await screenshotOf(ctx.db, change.afterSnapshotId)
        : which === "diff"
          ? change.diffImageBlobId
          : null;
  const blob = blobId ? await readBlob(ctx.db, blobId) : null;
  if (blob?.contentType !== "image/png") throw new NotFound("Image not found.");
  return blob.bytes;
}
