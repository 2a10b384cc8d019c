import type { createShareSchema, SharedChange, ShareExpiry, ShareLink } from "@changeradar/contracts";
import type { z } from "zod";
import { readBlob } from "../checks/blob-store";
import { presentChangeDetail } from "../checks/history.presenter";
import { findChange, screenshotOf } from "../checks/history.repository";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database } from "../db";
import type { ChangeShareRow } from "../db/schema/sharing";
import { historyCutoff, type PlanOwner } from "../entitlements";
import { Gone, NotFound } from "../http/errors";
import { isUuid } from "../users/users.repository";
import { createSecretLinks, newNonce } from "./secret-links";
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

export interface SharesDeps {
  db: Database;
  config: Pick<Config, "appUrl" | "jwtSecret">;
  clock: Clock;
}

/** Public, read-only, expiring links to one change (issue 13 §4): the change, nothing about the account. */
export function createSharesService(deps: SharesDeps) {
  const links = createSecretLinks(deps.config.jwtSecret, "shares");
  const present = (row: ChangeShareRow): ShareLink => ({
    id: row.id,
    changeId: row.changeId,
    url: `${deps.config.appUrl}/share/${links.token(row.id, row.nonce)}`,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  });

  async function ownedChange(owner: PlanOwner, changeId: string) {
    const found = isUuid(changeId) ? await findChange(deps.db, owner.id, changeId) : null;
    if (!found || found.change.detectedAt < historyCutoff(owner.plan, deps.clock.now()))
      throw new NotFound("Change not found.");
    return found.change;
  }

  /** The share a token names: 404 when it never was one of ours, 410 once revoked or expired. */
  async function resolve(token: string) {
    const id = links.idOf(token);
    const found = id ? await repo.findShare(deps.db, id) : null;
    if (!found || !links.matches(token, found.share.id, found.share.nonce))
      throw new NotFound("This link does not exist.");
    if (found.share.revokedAt || found.ownerDisabledAt) throw new Gone("This link has been turned off.");
    if (found.share.expiresAt <= deps.clock.now()) throw new Gone("This link has expired.");
    return found;
  }

  return {
    async create(
      owner: PlanOwner,
      changeId: string,
      { expiresIn }: z.output<typeof createShareSchema>,
    ): Promise<ShareLink> {
      const change = await ownedChange(owner, changeId);
      const row = await repo.insertShare(deps.db, {
        userId: owner.id,
        changeId: change.id,
        nonce: newNonce(),
        expiresAt: new Date(deps.clock.now().getTime() + lifetimes[expiresIn]),
      });
      return present(row);
    },

    async list(owner: PlanOwner, changeId: string) {
      await ownedChange(owner, changeId);
      const rows = await repo.listActiveShares(deps.db, owner.id, changeId, deps.clock.now());
      return { items: rows.map(present) };
    },

    async revoke(owner: PlanOwner, id: string): Promise<void> {
      if (!isUuid(id) || !(await repo.revokeShare(deps.db, owner.id, id, deps.clock.now())))
        throw new NotFound("Share link not found.");
    },

    async read(token: string): Promise<SharedChange> {
      const { share, change, pageUrl, monitorMode } = await resolve(token);
      const [before, after] = await Promise.all([
        screenshotOf(deps.db, change.beforeSnapshotId),
        screenshotOf(deps.db, change.afterSnapshotId),
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
    },

    async image(token: string, which: string) {
      const { change } = await resolve(token);
      const blobId =
        which === "before"
          ? await screenshotOf(deps.db, change.beforeSnapshotId)
          : which === "after"
            ? await screenshotOf(deps.db, change.afterSnapshotId)
            : which === "diff"
              ? change.diffImageBlobId
              : null;
      const blob = blobId ? await readBlob(deps.db, blobId) : null;
      if (blob?.contentType !== "image/png") throw new NotFound("Image not found.");
      return blob.bytes;
    },
  };
}
