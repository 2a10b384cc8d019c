import type { AccountExport } from "@changeradar/contracts";
import { getChannel } from "../alerts/channels/registry";
import { historyCutoff, type UserContext } from "../entitlements";
import { changesCsv } from "../reports/changes-csv";
import * as repo from "./account-export.repository";

const MAX_CHANGES = 50_000;

type Ctx = UserContext<"db" | "clock">;

/**
 * No lock-in (issue 13 §3): a user's monitors, alert channels (their secrets never leave the server) and
 * the change history the plan keeps, as one JSON document; the changes also as CSV.
 */
export async function exportAccount(ctx: Ctx): Promise<AccountExport> {
  const now = ctx.clock.now();
  const [monitors, channels, changes] = await Promise.all([
    repo.exportedMonitors(ctx.db, ctx.user.id),
    repo.exportedChannels(ctx.db, ctx.user.id),
    repo.exportedChanges(ctx.db, ctx.user.id, historyCutoff(ctx.user.plan, now), MAX_CHANGES),
  ]);
  return {
    format: "changeradar-export",
    version: 1,
    exportedAt: now.toISOString(),
    monitors: monitors.map((m) => ({
      id: m.id,
      url: m.url,
      name: m.name,
      frequency: m.frequency,
      watch: m.watch,
      selector: m.selector,
      ignore: m.ignoreRules,
      conditions: m.conditions,
      renderJs: m.renderJs,
      sensitivity: m.sensitivity,
      tags: m.tags,
      paused: m.paused,
      channelIds: m.channelIds,
      createdAt: m.createdAt.toISOString(),
    })),
    channels: channels.map((c) => ({
      id: c.id,
      type: c.type,
      name: c.name,
      config: { ...c.config },
      secretsNotExported: [...getChannel(c.type).secretFields],
      createdAt: c.createdAt.toISOString(),
    })),
    changes: changes.map((c) => ({
      id: c.id,
      monitorId: c.monitorId,
      monitorName: c.monitorName,
      url: c.url,
      detectedAt: c.detectedAt.toISOString(),
      kinds: c.kinds,
      summary: c.summary,
      significance: c.significance,
      price:
        c.priceBefore !== null || c.priceAfter !== null
          ? { before: c.priceBefore, after: c.priceAfter, currency: c.currency }
          : null,
      textDiff: c.diff.text.map((line) => ({
        op: line.op,
        ...(line.before !== undefined ? { before: line.before } : {}),
        ...(line.after !== undefined ? { after: line.after } : {}),
      })),
    })),
  };
}

/** Every change the plan keeps, one row each, newest first (RFC 4180, formula-safe). */
export async function exportChangesCsv(ctx: Ctx): Promise<string> {
  const rows = await repo.exportedChanges(
    ctx.db,
    ctx.user.id,
    historyCutoff(ctx.user.plan, ctx.clock.now()),
    MAX_CHANGES,
  );
  return changesCsv(rows, { withIds: true });
}
