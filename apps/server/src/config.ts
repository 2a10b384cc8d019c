import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { BillingPeriod, PlanName } from "@changeradar/contracts";
import { z } from "zod";

/**
 * The environment, parsed once at start-up (DESIGN §5). Nothing else reads `process.env`:
 * the typed `Config` is passed to whatever needs it.
 */
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const url = (what: string) => z.url({ error: `must be a valid ${what} URL` });
const optionalText = z.string().trim().min(1).optional();

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(8080),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  APP_URL: url("http(s)").optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters long").optional(),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default("ChangeRadar <no-reply@changeradar.app>"),
  CHROMIUM_PATH: z.string().trim().min(1).default("/usr/bin/chromium"),
  BROWSER_WS_ENDPOINT: z
    .string()
    .trim()
    .regex(/^wss?:\/\//, "must start with ws:// or wss://")
    .optional(),
  ALLOW_PRIVATE_TARGETS: booleanFlag.default(false),
  TRUST_PROXY: booleanFlag.default(false),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_PERSONAL_MONTHLY: optionalText,
  STRIPE_PRICE_PERSONAL_YEARLY: optionalText,
  STRIPE_PRICE_PRO_MONTHLY: optionalText,
  STRIPE_PRICE_PRO_YEARLY: optionalText,
  STRIPE_PRICE_BUSINESS_MONTHLY: optionalText,
  STRIPE_PRICE_BUSINESS_YEARLY: optionalText,
  STRIPE_API_BASE: url("http(s)").optional(),
  AI_BASE_URL: url("http(s)").optional(),
  AI_API_KEY: optionalText,
  AI_MODEL: z.string().trim().min(1).default("gpt-4o-mini"),
  ADMIN_EMAIL: z.email({ error: "must be a valid email address" }).optional(),
  SUPPORT_EMAIL: z.email({ error: "must be a valid email address" }).default("support@changeradar.app"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RATE_LIMIT_SCALE: z.coerce
    .number({ error: "must be a number" })
    .positive("must be greater than 0")
    .default(1),
  METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters long").optional(),
  CHECK_CONCURRENCY: z.coerce.number({ error: "must be a number" }).int().min(1).max(1000).default(16),
  ENGINE_WORKERS: z.coerce.number({ error: "must be a number" }).int().min(1).max(256).optional(),
  CHECK_LEASE_SECONDS: z.coerce.number({ error: "must be a number" }).positive().max(3600).default(120),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  appUrl: string;
  jwtSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  chromiumPath: string;
  browserWsEndpoint: string | null;
  allowPrivateTargets: boolean;
  trustProxy: boolean;
  stripe: StripeConfig;
  ai: { baseUrl: string | null; apiKey: string | null; model: string };
  adminEmail: string | null;
  supportEmail: string;
  logLevel: string;
  /** Multiplies every rate limit (end-to-end tests raise it). */
  rateLimitScale: number;
  /** Bearer token a Prometheus scraper sends to GET /metrics; unset: only this machine may scrape. */
  metricsToken: string | null;
  /** Checks in flight per worker process, and how long a claimed check stays a worker's (DESIGN §2). */
  checks: { concurrency: number; leaseMs: number };
  /** Worker threads that extract and compare pages (ENGINE_WORKERS); null: one per core but one. */
  engineWorkers: number | null;
  /** Cookies carry `Secure` when the app is served over https. */
  secureCookies: boolean;
}

/** Stripe (issue 9): keys, the price identifier of each paid plan and period, an API base for tests. */
export interface StripeConfig {
  secretKey: string | null;
  webhookSecret: string | null;
  /** Spec §3: payment-provider price identifiers map to plan names. */
  prices: { priceId: string; plan: Exclude<PlanName, "Free">; period: BillingPeriod }[];
  /** e.g. http://127.0.0.1:4242 — the SDK's host/port/protocol (tests point it at a local stand-in). */
  apiBase: string | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Empty strings count as unset, so `FOO=` in a .env file means "use the default". */
function withoutEmpty(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== "",
    ),
  );
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    appUrl,
    jwtSecret: e.JWT_SECRET ?? persistedJwtSecret(dataDir),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    chromiumPath: e.CHROMIUM_PATH,
    browserWsEndpoint: e.BROWSER_WS_ENDPOINT ?? null,
    allowPrivateTargets: e.ALLOW_PRIVATE_TARGETS,
    trustProxy: e.TRUST_PROXY,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY ?? null,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
      prices: stripePrices(e),
      apiBase: e.STRIPE_API_BASE?.replace(/\/+$/, "") ?? null,
    },
    ai: { baseUrl: e.AI_BASE_URL ?? null, apiKey: e.AI_API_KEY ?? null, model: e.AI_MODEL },
    adminEmail: e.ADMIN_EMAIL?.toLowerCase() ?? null,
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    metricsToken: e.METRICS_TOKEN ?? null,
    checks: { concurrency: e.CHECK_CONCURRENCY, leaseMs: e.CHECK_LEASE_SECONDS * 1000 },
    engineWorkers: e.ENGINE_WORKERS ?? null,
    secureCookies: appUrl.startsWith("https://"),
  };
}

function stripePrices(e: z.output<typeof envSchema>): StripeConfig["prices"] {
  const entries = [
    ["Personal", "monthly", e.STRIPE_PRICE_PERSONAL_MONTHLY],
    ["Personal", "yearly", e.STRIPE_PRICE_PERSONAL_YEARLY],
    ["Pro", "monthly", e.STRIPE_PRICE_PRO_MONTHLY],
    ["Pro", "yearly", e.STRIPE_PRICE_PRO_YEARLY],
    ["Business", "monthly", e.STRIPE_PRICE_BUSINESS_MONTHLY],
    ["Business", "yearly", e.STRIPE_PRICE_BUSINESS_YEARLY],
  ] as const;
  return entries.flatMap(([plan, period, priceId]) => (priceId ? [{ priceId, plan, period }] : []));
}

/** Where the generated secret is kept; backups carry it, since channel secrets are encrypted with it. */
export function jwtSecretFile(dataDir: string): string {
  return join(dataDir, "jwt-secret");
}

/** Without JWT_SECRET, a random secret is generated once and kept in DATA_DIR so sessions survive restarts. */
function persistedJwtSecret(dataDir: string): string {
  const file = jwtSecretFile(dataDir);
  if (existsSync(file)) {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
