import { isDeepStrictEqual } from "node:util";
import {
  type BrowserStep,
  type BulkCheckResult,
  type bulkCheckRequestSchema,
  type createMonitorSchema,
  defaultSensitivity,
  type listMonitorsQuerySchema,
  type Monitor,
  type updateMonitorSchema,
} from "@changeradar/contracts";
import type { z } from "zod";
import { findOwnedChannels } from "../alerts/outbox.repository";
import type { Database } from "../db";
import {
  assertBrowserStepsAllowed,
  assertChannelsAllowed,
  assertFrequencyAllowed,
  assertMonitorCountAllowed,
  assertRenderingAllowed,
  browserStepsRefusal,
  type PlanOwner,
  type UserContext,
} from "../entitlements";
import { lockOwner } from "../entitlements/entitlements.repository";
import { Invalid, NotFound, TooManyRequests } from "../http/errors";
import { isUuid } from "../users/users.repository";
import {
  assertCheckableUrl,
  assertStepUrl,
  assertValidConditions,
  assertValidRules,
  SITE_WATCH,
  siteSettings,
} from "./monitor-input";
import { freshBaseline, pausePatch, sitePageWatch, sitePatch } from "./monitor-patches";
import { defaultName, presentMonitor } from "./monitors.presenter";
import * as repo from "./monitors.repository";
import { applyToSitePages } from "./site-pages";
import { sealSteps, stepSecretBox } from "./step-secrets";

export interface MonitorsContext {
  db: Database;
  /** The owner and the plan in force (entitlements/). */
  user: PlanOwner;
  /** History older than this is outside the plan's window (entitlements historyCutoff): not shown. */
  historySince?: Date;
}

/**
 * What the monitor services get: the database, the configuration (the address guard, the key that seals
 * browser steps' secrets), where checks that should run soon go, and the signed-in owner with the plan in
 * force.
 */
export type MonitorsServiceContext = UserContext<"db" | "config" | "checks">;
type Ctx = MonitorsServiceContext;

/** Minimum time between two "check now" requests for one monitor. */
const MANUAL_CHECK_INTERVAL_MS = 10_000;

const guardOf = (ctx: Pick<Ctx, "config">) => ({ allowPrivateTargets: ctx.config.allowPrivateTargets });
const stepSecretsOf = (ctx: Pick<Ctx, "config">) => stepSecretBox(ctx.config.jwtSecret);

/** A screenshot needs a rendered page: watching "visual" always renders, whatever the request said. */
export function rendersFor(watch: readonly string[], renderJs: boolean): boolean {
  return renderJs || watch.includes("visual");
}

/** A page a site monitor watches is changed through its site monitor only. */
async function assertNotSitePage(ctx: MonitorsContext, row: { parentId: string | null }): Promise<void> {
  if (row.parentId === null) return;
  const site = await repo.findMonitor(ctx.db, ctx.user.id, row.parentId);
  throw new Invalid(
    `This page is watched as part of the site monitor "${site?.name ?? "its site"}": change, pause or delete that monitor instead.`,
  );
}

/** The caller's monitor, or 404 (another user's id reads as not found). */
export async function ownedMonitor(ctx: MonitorsContext, input: { id: string }) {
  const { id } = input;
  const row = isUuid(id) ? await repo.findMonitor(ctx.db, ctx.user.id, id) : null;
  if (!row) throw new NotFound("Monitor not found.");
  return row;
}

async function assertChannels(
  ctx: MonitorsContext,
  channelIds: readonly string[] | undefined,
): Promise<void> {
  if (!channelIds || channelIds.length === 0) return;
  const owned = await findOwnedChannels(ctx.db, ctx.user.id, channelIds);
  if (owned.length !== new Set(channelIds).size) throw Invalid.field("channelIds", "Unknown alert channel");
  assertChannelsAllowed(
    ctx.user.plan,
    owned.map((c) => c.type),
  );
}

/**
 * Browser steps to store: gated by the plan, each "go to" through the SSRF guard, secrets sealed (a
 * placeholder keeps the stored one). Steps need a rendered page, so they turn rendering on.
 */
async function checkedSteps(
  ctx: Ctx,
  steps: readonly BrowserStep[],
  stored: readonly BrowserStep[],
): Promise<BrowserStep[]> {
  if (steps.length === 0) return [];
  if (browserStepsRefusal(ctx.user.plan)) {
    // Saved under a higher plan: the steps sent back as shown stay stored (they run again after an
    // upgrade); any other steps are refused.
    const kept = sealSteps(stepSecretsOf(ctx), steps, stored);
    if (!isDeepStrictEqual(kept, stored)) assertBrowserStepsAllowed(ctx.user.plan);
    return [...stored];
  }
  for (const step of steps) if (step.kind === "goto") await assertStepUrl(step.url, guardOf(ctx));
  return sealSteps(stepSecretsOf(ctx), steps, stored);
}

export async function listMonitors(ctx: Ctx, query: z.output<typeof listMonitorsQuerySchema>) {
  const { rows, total } = await repo.listMonitors(ctx.db, ctx.user.id, query);
  return { items: rows.map(presentMonitor), total, page: query.page, pageSize: query.pageSize };
}

export async function getMonitor(ctx: Ctx, input: { id: string }): Promise<Monitor> {
  return presentMonitor(await ownedMonitor(ctx, input));
}

export async function createMonitor(ctx: Ctx, input: z.output<typeof createMonitorSchema>): Promise<Monitor> {
  const url = await assertCheckableUrl(input.url, guardOf(ctx));
  assertValidRules(input.selector ?? null, input.ignore ?? []);
  assertValidConditions(input.conditions ?? []);
  assertFrequencyAllowed(ctx.user.plan, input.frequency);
  const mode = input.mode ?? "page";
  const site = siteSettings(
    mode,
    { maxPages: input.maxPages, crawlDepth: input.crawlDepth, watchPages: input.watchPages ?? false },
    ctx.user.plan,
  );
  const browserSteps = await checkedSteps(ctx, input.browserSteps ?? [], []);
  // A site monitor reads addresses over plain HTTP: no scope, no browser; it watches pages come and go.
  const renderJs =
    mode === "page" && (rendersFor(input.watch, input.renderJs ?? false) || browserSteps.length > 0);
  if (renderJs) assertRenderingAllowed(ctx.user.plan);
  await assertChannels(ctx, input.channelIds);
  // Count and insert in one transaction with the owner's row locked: parallel creates cannot pass the limit.
  const row = await ctx.db.transaction(async (tx) => {
    await lockOwner(tx, ctx.user.id);
    assertMonitorCountAllowed(ctx.user.plan, await repo.countMonitors(tx, ctx.user.id));
    return repo.insertMonitor(tx, {
      userId: ctx.user.id,
      url: url.href,
      host: url.hostname.toLowerCase(),
      name: input.name?.trim() || defaultName(url),
      frequency: input.frequency,
      watch: mode === "page" ? input.watch : site.watchPages ? sitePageWatch(input.watch) : SITE_WATCH,
      selector: mode === "page" ? input.selector?.trim() || null : null,
      ignoreRules: input.ignore ?? [],
      conditions: input.conditions ?? [],
      renderJs,
      sensitivity: input.sensitivity ?? defaultSensitivity,
      channelIds: [...new Set(input.channelIds ?? [])],
      tags: [...new Set(input.tags ?? [])],
      paused: input.paused ?? false,
      aiCriteria: input.aiCriteria ?? null,
      mode,
      ...site,
      browserSteps,
    });
  });
  if (!row.paused) ctx.checks.checkSoon(row.id);
  return presentMonitor(row);
}

export async function updateMonitor(
  ctx: Ctx,
  { id, ...input }: z.output<typeof updateMonitorSchema> & { id: string },
): Promise<Monitor> {
  const current = await ownedMonitor(ctx, { id });
  await assertNotSitePage(ctx, current);
  const patch: repo.MonitorPatch = {};
  if (input.url !== undefined && input.url !== current.url) {
    const url = await assertCheckableUrl(input.url, guardOf(ctx));
    Object.assign(patch, { url: url.href, host: url.hostname.toLowerCase(), ...freshBaseline() });
  }
  if (input.frequency !== undefined && input.frequency !== current.frequency) {
    assertFrequencyAllowed(ctx.user.plan, input.frequency);
    patch.frequency = input.frequency;
  }
  if (input.channelIds !== undefined) {
    await assertChannels(ctx, input.channelIds);
    patch.channelIds = [...new Set(input.channelIds)];
  }
  if (input.selector !== undefined || input.ignore !== undefined) {
    assertValidRules(input.selector ?? current.selector, input.ignore ?? current.ignoreRules);
  }
  const mode = input.mode ?? current.mode;
  const selectorChanged = (input.selector?.trim() || null) !== current.selector;
  if (input.selector !== undefined && selectorChanged && mode === "page") {
    Object.assign(patch, { selector: input.selector?.trim() || null, ...freshBaseline() });
  }
  Object.assign(patch, sitePatch(current, input, ctx.user.plan));
  if (input.browserSteps !== undefined) {
    const browserSteps = await checkedSteps(ctx, input.browserSteps, current.browserSteps);
    // Other steps reach another page: its first check is a new baseline.
    if (!isDeepStrictEqual(browserSteps, current.browserSteps))
      Object.assign(patch, { browserSteps, ...freshBaseline() });
  }
  const steps = patch.browserSteps ?? current.browserSteps;
  const renderJs =
    mode === "page" &&
    (rendersFor(input.watch ?? current.watch, input.renderJs ?? current.renderJs) || steps.length > 0);
  if (renderJs !== current.renderJs) {
    // Turning rendering on is gated; a monitor that renders from a higher plan keeps doing so.
    if (renderJs) assertRenderingAllowed(ctx.user.plan);
    Object.assign(patch, { renderJs, ...freshBaseline() });
  }
  const resuming = input.paused === false && current.paused;
  if (input.name !== undefined) patch.name = input.name.trim() || current.name;
  if (input.ignore !== undefined) patch.ignoreRules = input.ignore;
  if (input.conditions !== undefined) {
    assertValidConditions(input.conditions);
    patch.conditions = input.conditions;
  }
  if (input.sensitivity !== undefined) patch.sensitivity = input.sensitivity;
  if (input.tags !== undefined) patch.tags = [...new Set(input.tags)];
  if (input.aiCriteria !== undefined) patch.aiCriteria = input.aiCriteria;
  if (input.paused !== undefined) Object.assign(patch, pausePatch(input.paused));
  const row = await updateChecked(ctx, id, patch, resuming);
  if (row.mode !== "page" || current.watchPages) await applyToSitePages(ctx.db, row);
  if ((patch.latestSnapshotId === null || patch.watchPages) && !row.paused) ctx.checks.checkSoon(row.id);
  return presentMonitor(row);
}

export async function removeMonitor(ctx: Ctx, input: { id: string }): Promise<void> {
  const { id } = input;
  if (isUuid(id))
    await assertNotSitePage(ctx, (await repo.findMonitor(ctx.db, ctx.user.id, id)) ?? { parentId: null });
  if (!isUuid(id) || !(await repo.deleteMonitor(ctx.db, ctx.user.id, id))) {
    throw new NotFound("Monitor not found.");
  }
}

export async function setMonitorPaused(ctx: Ctx, input: { id: string; paused: boolean }): Promise<Monitor> {
  const { id, paused } = input;
  const current = await ownedMonitor(ctx, { id });
  await assertNotSitePage(ctx, current);
  const row = await updateChecked(ctx, id, pausePatch(paused), !paused && current.paused);
  if (row.watchPages) await applyToSitePages(ctx.db, row);
  return presentMonitor(row);
}

export async function checkMonitorNow(ctx: Ctx, input: { id: string }): Promise<{ queued: true }> {
  const { id } = input;
  const current = await ownedMonitor(ctx, { id });
  if (current.paused) throw new Invalid("This monitor is paused. Resume it to check it.");
  if (!(await repo.claimManualCheck(ctx.db, ctx.user.id, id, MANUAL_CHECK_INTERVAL_MS))) {
    throw new TooManyRequests(
      `This monitor was checked a moment ago. You can check it again in ${Math.round(MANUAL_CHECK_INTERVAL_MS / 1000)} seconds.`,
    );
  }
  ctx.checks.checkSoon(id);
  return { queued: true };
}

/** "Check now" for a selection: each monitor past its cool-down is due at once. */
export async function checkMonitors(
  ctx: Ctx,
  { ids }: z.output<typeof bulkCheckRequestSchema>,
): Promise<BulkCheckResult> {
  const unique = [...new Set(ids)];
  const queued = await repo.claimManualChecks(ctx.db, ctx.user.id, unique, MANUAL_CHECK_INTERVAL_MS);
  for (const id of queued) ctx.checks.checkSoon(id);
  return { queued: queued.length, skipped: unique.length - queued.length };
}

export async function monitorTags(ctx: Ctx) {
  return { items: await repo.tagCounts(ctx.db, ctx.user.id) };
}

/** Updates a monitor; resuming one counts the running monitors in the same locked transaction. */
async function updateChecked(ctx: MonitorsContext, id: string, patch: repo.MonitorPatch, resuming: boolean) {
  const row = await ctx.db.transaction(async (tx) => {
    if (resuming) {
      await lockOwner(tx, ctx.user.id);
      assertMonitorCountAllowed(ctx.user.plan, await repo.countMonitors(tx, ctx.user.id, true));
    }
    return repo.updateMonitor(tx, ctx.user.id, id, patch);
  });
  if (!row) throw new NotFound("Monitor not found.");
  return row;
}
