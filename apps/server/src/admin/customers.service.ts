import type {
  CustomerDetail,
  CustomerSummary,
  Page,
  PlanChangeResult,
  PlanName,
} from "@changeradar/contracts";
import { audit } from "../audit/audit.service";
import { revokeUserTokens } from "../auth/refresh-tokens.repository";
import { meanDurationMs } from "../checks/check-counts";
import type { ServiceContext } from "../context";
import type { UserRow } from "../db/schema";
import { planInForce } from "../entitlements";
import { Conflict, NotFound } from "../http/errors";
import { applyPlanChange } from "../monitors/plan-change";
import { listReplies } from "../support/support-replies.repository";
import { presentReply } from "../support/support-replies.service";
import { findUserById, updateUser } from "../users/users.repository";
import type { AdminContext } from "./admin-actor";
import {
  type CustomerFilter,
  customerMonitors,
  customerSupportRequests,
  pauseForDisable,
  recentChecks,
  recentDeliveries,
  resumeAfterEnable,
  searchCustomers,
} from "./customers.repository";
import { assignPlan } from "./plan-assignment";

type Ctx = ServiceContext<"db" | "clock">;

export async function findCustomers(
  ctx: Ctx,
  input: CustomerFilter & { page: number; pageSize: number },
): Promise<Page<CustomerSummary>> {
  const { page, pageSize, ...filter } = input;
  const paging = { page, pageSize };
  const { rows, total } = await searchCustomers(ctx.db, filter, {
    offset: (paging.page - 1) * paging.pageSize,
    limit: paging.pageSize,
  });
  return {
    items: rows.map((row) => presentCustomer(row, row.monitorCount, ctx.clock.now())),
    total,
    ...paging,
  };
}

async function customerOr404(ctx: Ctx, id: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw new NotFound("No customer with this id.");
  return user;
}

export async function customerDetail(ctx: Ctx, input: { id: string }): Promise<CustomerDetail> {
  const { id } = input;
  const user = await customerOr404(ctx, id);
  const [monitorRows, checkRows, deliveryRows, requestRows] = await Promise.all([
    customerMonitors(ctx.db, id),
    recentChecks(ctx.db, id, 20),
    recentDeliveries(ctx.db, id, 20),
    customerSupportRequests(ctx.db, id, 50),
  ]);
  const replies = await listReplies(
    ctx.db,
    requestRows.map((r) => r.id),
  );
  return {
    customer: presentCustomer(user, monitorRows.length, ctx.clock.now()),
    period: user.period,
    disabledAt: user.disabledAt?.toISOString() ?? null,
    monitors: monitorRows.map((m) => ({
      id: m.id,
      name: m.name,
      url: m.url,
      frequency: m.frequency,
      paused: m.paused,
      pausedReason: !m.paused ? null : m.pausedByDisable ? "disabled" : m.pausedByPlan ? "plan" : "user",
      lastCheckedAt: m.lastCheckedAt?.toISOString() ?? null,
      lastError: m.lastError,
    })),
    recentChecks: checkRows.map((c) => ({
      monitorName: c.monitorName,
      startedAt: c.startedAt.toISOString(),
      lastStartedAt: c.lastStartedAt?.toISOString() ?? null,
      count: 1 + c.repeats,
      status: c.status,
      durationMs: meanDurationMs(c),
      error: c.error,
    })),
    recentDeliveries: deliveryRows.map((d) => ({
      id: d.id,
      channelName: d.channelName,
      channelType: d.channelType,
      kind: d.kind,
      status: d.status,
      attempts: d.attempts,
      lastError: d.lastError,
      createdAt: d.createdAt.toISOString(),
    })),
    supportRequests: requestRows.map((r) => ({
      id: r.id,
      subject: r.subject,
      message: r.message,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      replies: replies.filter((reply) => reply.requestId === r.id).map(presentReply),
    })),
  };
}

export async function changeCustomerPlan(
  ctx: AdminContext<"db" | "clock">,
  input: { id: string; planType: PlanName },
): Promise<PlanChangeResult> {
  return assignPlan(ctx, { user: await customerOr404(ctx, input.id), plan: input.planType });
}

/**
 * Disabling an account: sign-in is refused, every session is revoked (refresh tokens; access tokens are
 * refused at once because each request reads the account), and its running monitors are paused.
 */
export async function disableCustomer(
  ctx: AdminContext<"db" | "clock">,
  input: { id: string },
): Promise<{ message: string }> {
  const { actor } = ctx;
  const user = await customerOr404(ctx, input.id);
  if (user.id === actor.id) throw new Conflict("You cannot disable your own account.");
  if (user.disabledAt) throw new Conflict("This account is already disabled.");
  const now = ctx.clock.now();
  const paused = await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { disabledAt: now });
    const count = await pauseForDisable(tx, user.id, now);
    await revokeUserTokens(tx, user.id, now);
    await audit(
      { db: tx, actor },
      {
        action: "user.disable",
        targetType: "user",
        targetId: user.id,
        targetLabel: user.email,
        changes: { disabled: { from: false, to: true }, monitorsPaused: count, sessionsRevoked: true },
      },
    );
    return count;
  });
  return { message: `${user.email} is disabled; ${paused} monitor(s) paused and every session ended.` };
}

/** Enabling resumes the monitors the disable paused, then applies the plan's limits again. */
export async function enableCustomer(
  ctx: AdminContext<"db" | "clock">,
  input: { id: string },
): Promise<{ message: string }> {
  const { actor } = ctx;
  const user = await customerOr404(ctx, input.id);
  if (!user.disabledAt) throw new Conflict("This account is not disabled.");
  const now = ctx.clock.now();
  const resumed = await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { disabledAt: null });
    const count = await resumeAfterEnable(tx, user.id, now);
    const limits = await applyPlanChange(tx, user.id, planInForce(user, now).inForce);
    await audit(
      { db: tx, actor },
      {
        action: "user.enable",
        targetType: "user",
        targetId: user.id,
        targetLabel: user.email,
        changes: { disabled: { from: true, to: false }, monitorsResumed: count, pausedByPlan: limits.paused },
      },
    );
    return count;
  });
  return { message: `${user.email} is enabled again; ${resumed} monitor(s) resumed.` };
}

function presentCustomer(row: UserRow, monitors: number, now: Date): CustomerSummary {
  return {
    id: row.id,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
    planType: row.planType,
    planStatus: row.planStatus,
    planInForce: planInForce(row, now).inForce,
    isAdmin: row.isAdmin,
    disabled: row.disabledAt !== null,
    emailVerified: row.emailVerifiedAt !== null,
    monitors,
    createdAt: row.createdAt.toISOString(),
  };
}
