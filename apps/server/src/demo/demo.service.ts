import { randomBytes } from "node:crypto";
import { setTimeout } from "node:timers/promises";
import { type Demo, type DemoChange, demoTokenSchema } from "@changeradar/contracts";
import type { LocalPages } from "../checks/page-check";
import type { ServiceContext } from "../context";
import type { Database } from "../db";
import type { DemoPageRow } from "../db/schema/demo";
import type { UserContext } from "../entitlements";
import { lockOwner } from "../entitlements/entitlements.repository";
import { Conflict, NotFound } from "../http/errors";
import { claimManualCheck, findMonitor, insertMonitor } from "../monitors/monitors.repository";
import * as repo from "./demo.repository";
import { describeStep, renderDemoPage } from "./demo-page";

type Ctx = ServiceContext<"db" | "config" | "clock" | "checks">;
type UserCtx = UserContext<"db" | "config" | "clock" | "checks">;

/** How long a change waits for the demo monitor's first check (in-process, it takes well under a second). */
const BASELINE_WAIT_MS = 15_000;
const BASELINE_POLL_MS = 100;

/** The address of the demo page a token names, as a monitor stores it (a normalised URL). */
export function demoUrl(appUrl: string, token: string): string {
  return new URL(`${appUrl}/demo/${token}`).href;
}

function present(ctx: Pick<Ctx, "config">, row: DemoPageRow): Demo {
  return {
    url: demoUrl(ctx.config.appUrl, row.token),
    monitorId: row.monitorId,
    version: row.version,
    changedAt: row.changedAt?.toISOString() ?? null,
  };
}

/** Waits (up to BASELINE_WAIT_MS) until the demo monitor's first check has stored its baseline. */
async function baselineTaken(db: Database, userId: string, monitorId: string): Promise<boolean> {
  const deadline = Date.now() + BASELINE_WAIT_MS;
  for (;;) {
    const monitor = await findMonitor(db, userId, monitorId);
    if (!monitor || monitor.latestSnapshotId !== null) return true;
    if (Date.now() >= deadline) return false;
    await setTimeout(BASELINE_POLL_MS);
  }
}

/**
 * "Try it on a demo page" (issue 13 §5): each user gets a page of their own, served by ChangeRadar at
 * `/demo/<token>`, a monitor on it, and a button that changes it and checks it at once, so the first
 * change and its alert arrive without leaving the app. The user's demo, or 404 before they tried it.
 */
export async function getDemo(ctx: UserCtx): Promise<Demo> {
  const row = await repo.findDemoByUser(ctx.db, ctx.user.id);
  if (!row) throw new NotFound("You have not tried the demo page yet.");
  return present(ctx, row);
}

/**
 * Makes the user's demo page and a monitor on it (again, if they deleted theirs); the monitor's first
 * check starts at once. The demo monitor does not count toward the plan's monitor limit.
 */
export async function startDemo(ctx: UserCtx): Promise<Demo> {
  const userId = ctx.user.id;
  const { row, created } = await ctx.db.transaction(async (tx) => {
    // One at a time per user: two clicks make one monitor.
    await lockOwner(tx, userId);
    const demo = await repo.ensureDemo(tx, userId, randomBytes(18).toString("base64url"));
    if (demo.monitorId && (await findMonitor(tx, userId, demo.monitorId))) {
      return { row: demo, created: false };
    }
    const monitor = await insertMonitor(tx, {
      userId,
      url: demoUrl(ctx.config.appUrl, demo.token),
      host: new URL(ctx.config.appUrl).hostname.toLowerCase(),
      name: "Demo: Aurora Desk Lamp",
      frequency: "1d",
      watch: ["price", "stock", "text"],
      tags: ["demo"],
    });
    await repo.linkDemoMonitor(tx, userId, monitor.id);
    return { row: { ...demo, monitorId: monitor.id }, created: true };
  });
  if (created && row.monitorId) ctx.checks.checkSoon(row.monitorId);
  return present(ctx, row);
}

/**
 * Changes the user's demo page one step (price, stock, a new item) and checks its monitor now. A check
 * already running is followed by another (the "check now" mark: check-batch's askedAgain), so the
 * change is seen whichever version that check read. Before the first check has taken its baseline the
 * change waits for it (briefly): a change read into the baseline would never show.
 */
export async function changeDemo(ctx: UserCtx): Promise<DemoChange> {
  const { db } = ctx;
  const userId = ctx.user.id;
  const demo = await repo.findDemoByUser(db, userId);
  if (!demo) throw new NotFound("Try the demo page first.");
  const monitor = demo.monitorId ? await findMonitor(db, userId, demo.monitorId) : null;
  const watching = monitor !== null && !monitor.paused;
  if (watching && !(await baselineTaken(db, userId, monitor.id))) {
    throw new Conflict("The demo page's first check has not finished yet. Change it again in a moment.");
  }
  const row = (await repo.bumpDemoVersion(db, userId, ctx.clock.now()))!;
  if (watching) {
    // Asked for like "check now" (no cool-down: the route has its own limit).
    await claimManualCheck(db, userId, monitor.id, 0);
    ctx.checks.checkSoon(monitor.id);
  }
  return { ...present(ctx, row), changed: describeStep(row.version), checking: watching };
}

/** The page itself, by its address; 404 for any token that is not a demo page's. */
export async function demoPage(ctx: ServiceContext<"db">, input: { token: string }): Promise<string> {
  const parsed = demoTokenSchema.safeParse(input.token);
  const row = parsed.success ? await repo.findDemoByToken(ctx.db, parsed.data) : null;
  if (!row) throw new NotFound("This demo page does not exist.");
  return renderDemoPage(row.version);
}

/**
 * The check path's source of pages served in-process: a monitor gets its owner's demo page only when its
 * URL is exactly that page's address. Any other URL (another user's demo page, a neighbour of this one) is
 * fetched the ordinary way, through the SSRF guard.
 */
export function demoLocalPages(ctx: ServiceContext<"db" | "config">): LocalPages {
  const { db } = ctx;
  const { appUrl } = ctx.config;
  const prefix = demoUrl(appUrl, "");
  return {
    async pageFor(monitor) {
      if (!monitor.url.startsWith(prefix)) return null;
      const row = await repo.findDemoByUser(db, monitor.userId);
      if (!row || monitor.url !== demoUrl(appUrl, row.token)) return null;
      return { url: monitor.url, html: renderDemoPage(row.version) };
    },
  };
}
