import { z } from "zod";
import { planStatuses } from "./auth";
import { pageOf, pageQuerySchema } from "./paging";
import { planNames } from "./plans";

/** The admin area's API (issue #9 §3): customers, dashboard, audit log, Manage Emails. Blog: blog-api.ts. */

const trimmed = (max: number) => z.string().trim().max(max);

// ---- Customers ---------------------------------------------------------------------------------------

export const customerStatuses = ["active", "disabled"] as const;
export const customerQuerySchema = z.strictObject({
  q: trimmed(200).optional(),
  status: z.enum(customerStatuses).optional(),
  plan: z.enum(planNames).optional(),
  ...pageQuerySchema.shape,
});

export const customerSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  planType: z.enum(planNames),
  planStatus: z.enum(planStatuses),
  /** The plan whose limits apply now (Free while a paid plan is unpaid or canceled). */
  planInForce: z.enum(planNames),
  isAdmin: z.boolean(),
  disabled: z.boolean(),
  emailVerified: z.boolean(),
  monitors: z.number(),
  createdAt: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;
export const customerPageSchema = pageOf(customerSummarySchema);

export const supportReplySchema = z.object({
  id: z.string(),
  authorName: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type SupportReply = z.infer<typeof supportReplySchema>;

export const customerDetailSchema = z.object({
  customer: customerSummarySchema,
  period: z.enum(["monthly", "yearly"]),
  disabledAt: z.string().nullable(),
  monitors: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      url: z.string(),
      frequency: z.string(),
      paused: z.boolean(),
      pausedReason: z.enum(["user", "plan", "disabled"]).nullable(),
      lastCheckedAt: z.string().nullable(),
      lastError: z.string().nullable(),
    }),
  ),
  recentChecks: z.array(
    z.object({
      monitorName: z.string(),
      startedAt: z.string(),
      /** A run of identical unchanged checks: when its last one started, and how many it has. */
      lastStartedAt: z.string().nullable(),
      count: z.number(),
      status: z.string(),
      /** On average, for a run. */
      durationMs: z.number(),
      error: z.string().nullable(),
    }),
  ),
  recentDeliveries: z.array(
    z.object({
      id: z.string(),
      channelName: z.string(),
      channelType: z.string(),
      kind: z.string(),
      status: z.string(),
      attempts: z.number(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  supportRequests: z.array(
    z.object({
      id: z.string(),
      subject: z.string(),
      message: z.string(),
      status: z.enum(["open", "answered", "closed"]),
      createdAt: z.string(),
      replies: z.array(supportReplySchema),
    }),
  ),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const changePlanSchema = z.strictObject({ planType: z.enum(planNames) });
export const planChangeResultSchema = z.object({
  message: z.string(),
  paused: z.number(),
  slowedDown: z.number(),
});
export type PlanChangeResult = z.infer<typeof planChangeResultSchema>;

export const supportReplyInputSchema = z.strictObject({
  message: z
    .string()
    .trim()
    .min(1, "Please write a reply.")
    .max(5000, "The reply is too long (5000 characters at most)."),
});
export type SupportReplyInput = z.input<typeof supportReplyInputSchema>;

// ---- Audit log ---------------------------------------------------------------------------------------

export const auditQuerySchema = z.strictObject({
  action: trimmed(100).optional(),
  actor: trimmed(200).optional(),
  target: trimmed(200).optional(),
  ...pageQuerySchema.shape,
});
export const auditEntrySchema = z.object({
  id: z.string(),
  actor: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  targetLabel: z.string(),
  changes: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);

// ---- Dashboard ---------------------------------------------------------------------------------------

const dayCount = z.object({ day: z.string(), count: z.number() });
export const adminDashboardSchema = z.object({
  users: z.object({
    total: z.number(),
    disabled: z.number(),
    byPlan: z.array(
      z.object({ planType: z.enum(planNames), planStatus: z.enum(planStatuses), count: z.number() }),
    ),
  }),
  monitors: z.object({ active: z.number(), paused: z.number() }),
  checks: z.object({
    perMinute: z.number(),
    lastHour: z.number(),
    last24h: z.number(),
    failed24h: z.number(),
    /** failed24h / last24h, 0 when there were none. */
    failureRate: z.number(),
  }),
  /** Seconds the most overdue active monitor has been waiting (0 when nothing is overdue). */
  schedulerLagSeconds: z.number(),
  overdueMonitors: z.number(),
  outbox: z.object({ pending: z.number(), dead: z.number() }),
  visitors: z.object({ today: z.number(), last30d: z.number() }),
  revenue: z.object({
    /** Monthly-equivalent recurring revenue in USD from active paid plans (spec §9 prices). */
    monthlyUsd: z.number(),
    payingCustomers: z.number(),
  }),
  series: z.object({
    signups: z.array(dayCount),
    checks: z.array(dayCount),
    failedChecks: z.array(dayCount),
    visitors: z.array(dayCount),
  }),
  generatedAt: z.string(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

// ---- Manage Emails -----------------------------------------------------------------------------------

export const mailStatusValues = ["sent", "failed", "logged"] as const;
export const mailLogQuerySchema = z.strictObject({
  kind: trimmed(100).optional(),
  to: trimmed(320).optional(),
  status: z.enum(mailStatusValues).optional(),
  ...pageQuerySchema.shape,
});
export const mailLogEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(mailStatusValues),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type MailLogEntry = z.infer<typeof mailLogEntrySchema>;
/** A page of the mail log, with every kind of mail in it (the kind filter's choices). */
export const mailLogPageSchema = pageOf(mailLogEntrySchema).extend({ kinds: z.array(z.string()) });
export type MailLogPage = z.infer<typeof mailLogPageSchema>;
export const mailLogDetailSchema = mailLogEntrySchema.extend({ text: z.string(), html: z.string() });
export type MailLogDetail = z.infer<typeof mailLogDetailSchema>;

export const mailTemplateSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  variables: z.array(z.object({ name: z.string(), description: z.string(), sample: z.string() })),
  subject: z.string(),
  heading: z.string(),
  body: z.string(),
  customised: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;

export const mailTemplateInputSchema = z.strictObject({
  subject: z.string().trim().min(1, "The subject cannot be empty.").max(300, "The subject is too long."),
  heading: z.string().trim().min(1, "The heading cannot be empty.").max(300, "The heading is too long."),
  body: z.string().trim().min(1, "The body cannot be empty.").max(20_000, "The body is too long."),
});
export type MailTemplateInput = z.infer<typeof mailTemplateInputSchema>;
export const mailPreviewSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type MailPreview = z.infer<typeof mailPreviewSchema>;
export const testSendInputSchema = z.strictObject({
  to: z.string().trim().toLowerCase().email("Please enter a valid email address.").optional(),
});
