import type { createFeedSchema, Feed, listFeedsQuerySchema } from "@changeradar/contracts";
import type { z } from "zod";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database } from "../db";
import type { ChangeFeedRow } from "../db/schema/sharing";
import { historyCutoff, type PlanOwner, planInForce } from "../entitlements";
import { Gone, NotFound } from "../http/errors";
import { findMonitor } from "../monitors/monitors.repository";
import { isUuid } from "../users/users.repository";
import { renderFeed } from "./feed-document";
import { createSecretLinks, newNonce } from "./secret-links";
import * as repo from "./sharing.repository";

const FEED_ITEMS = 50;

export interface FeedsDeps {
  db: Database;
  config: Pick<Config, "appUrl" | "jwtSecret">;
  clock: Clock;
}

/** Private feeds of changes per monitor, per tag and per account (issue 13 §4). */
export function createFeedsService(deps: FeedsDeps) {
  const links = createSecretLinks(deps.config.jwtSecret, "feeds");
  const addresses = (row: ChangeFeedRow) => {
    const base = `${deps.config.appUrl}/api/v1/feeds/${links.token(row.id, row.nonce)}`;
    return { rss: `${base}/rss.xml`, atom: `${base}/atom.xml` };
  };
  const present = (row: ChangeFeedRow): Feed => {
    const { rss, atom } = addresses(row);
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
  };
  const owned = async (owner: PlanOwner, id: string) => {
    const row = isUuid(id) ? await repo.findOwnedFeed(deps.db, owner.id, id) : null;
    if (!row) throw new NotFound("Feed not found.");
    return row;
  };

  return {
    async list(owner: PlanOwner, filter: z.output<typeof listFeedsQuerySchema>) {
      return { items: (await repo.listActiveFeeds(deps.db, owner.id, filter)).map(present) };
    },

    /** One live feed per scope: asking again answers the one that exists. */
    async create(
      owner: PlanOwner,
      input: z.output<typeof createFeedSchema>,
    ): Promise<{ feed: Feed; created: boolean }> {
      const monitorId = input.scope === "monitor" ? input.monitorId : undefined;
      const tag = input.scope === "tag" ? input.tag : undefined;
      if (monitorId && !(await findMonitor(deps.db, owner.id, monitorId)))
        throw new NotFound("Monitor not found.");
      const [existing] = await repo.listActiveFeeds(deps.db, owner.id, {
        scope: input.scope,
        monitorId,
        tag,
      });
      if (existing) return { feed: present(existing), created: false };
      const row = await repo.insertFeed(deps.db, {
        userId: owner.id,
        scope: input.scope,
        monitorId: monitorId ?? null,
        tag: tag ?? null,
        nonce: newNonce(),
      });
      return { feed: present(row), created: true };
    },

    /** A new secret address; the old one stops working at once. */
    async rotate(owner: PlanOwner, id: string): Promise<Feed> {
      await owned(owner, id);
      return present(await repo.updateFeed(deps.db, id, { nonce: newNonce() }));
    },

    async revoke(owner: PlanOwner, id: string): Promise<void> {
      await owned(owner, id);
      await repo.updateFeed(deps.db, id, { revokedAt: deps.clock.now() });
    },

    /** The public read: 404 for an address that never was ours, 410 once revoked. */
    async read(token: string, kind: "rss" | "atom"): Promise<string> {
      const id = links.idOf(token);
      const found = id ? await repo.findFeed(deps.db, id) : null;
      if (!found || !links.matches(token, found.feed.id, found.feed.nonce))
        throw new NotFound("This feed does not exist.");
      const { feed, owner } = found;
      if (feed.revokedAt || owner.disabledAt) throw new Gone("This feed has been turned off.");
      const now = deps.clock.now();
      const plan = planInForce(owner, now).inForce;
      const changes = await repo.feedChanges(deps.db, feed, historyCutoff(plan, now), FEED_ITEMS);
      await repo.updateFeed(deps.db, feed.id, { lastReadAt: now });
      return renderFeed(
        kind,
        { ...(await describe(feed)), selfUrl: addresses(feed), appUrl: deps.config.appUrl },
        changes,
      );
    },
  };

  async function describe(feed: ChangeFeedRow): Promise<{ title: string; description: string }> {
    if (feed.scope === "monitor" && feed.monitorId) {
      const monitor = await findMonitor(deps.db, feed.userId, feed.monitorId);
      const name = monitor?.name ?? "a monitor";
      return { title: `ChangeRadar: ${name}`, description: `Changes detected on ${name}.` };
    }
    if (feed.scope === "tag") {
      return { title: `ChangeRadar: ${feed.tag}`, description: `Changes on monitors tagged “${feed.tag}”.` };
    }
    return { title: "ChangeRadar: all changes", description: "Changes detected on all your monitors." };
  }
}

export type FeedsService = ReturnType<typeof createFeedsService>;
