/** The plan table of spec §9 and the gates of DECISIONS.md. */
export const planNames = ["Free", "Personal", "Pro", "Business"] as const;
export type PlanName = (typeof planNames)[number];

export const frequencies = ["15m", "1h", "6h", "12h", "1d", "1w"] as const;
export type Frequency = (typeof frequencies)[number];

export const frequencyMinutes: Record<Frequency, number> = {
  "15m": 15,
  "1h": 60,
  "6h": 360,
  "12h": 720,
  "1d": 1440,
  "1w": 10080,
};

export const frequencyLabels: Record<Frequency, string> = {
  "15m": "Every 15 minutes",
  "1h": "Every 1 hour",
  "6h": "Every 6 hours",
  "12h": "Every 12 hours",
  "1d": "Once a day",
  "1w": "Once a week",
};

export const channelTypes = [
  "email",
  "sms",
  "webhook",
  "slack",
  "discord",
  "teams",
  "telegram",
  "ntfy",
] as const;
export type ChannelType = (typeof channelTypes)[number];

/** How each channel type is named to people, in the app and in alerts. */
export const channelLabels: Record<ChannelType, string> = {
  email: "Email",
  sms: "SMS",
  webhook: "Webhook",
  slack: "Slack",
  discord: "Discord",
  teams: "Microsoft Teams",
  telegram: "Telegram",
  ntfy: "ntfy",
};

export interface Plan {
  name: PlanName;
  /** Monthly price in USD when paid yearly (spec §9). */
  price: number;
  monitors: number;
  fastestFrequency: Frequency;
  historyDays: number;
  channels: readonly ChannelType[];
  apiKeys: boolean;
  /** Pages rendered in a browser: "Render JavaScript" and watching the visual look (screenshots). */
  rendering: boolean;
  /** Browser steps run before each check (pages behind a login or a click; issue 13 §1). */
  browserSteps: boolean;
  /** Site monitors (issue 13 §2): pages listed at most, links followed this deep, pages watched one by one. */
  site: SitePlanLimits;
  description: string;
  features: readonly string[];
  cta: string;
  popular: boolean;
}

export interface SitePlanLimits {
  /** Pages a site monitor lists at most (a crawl also stops at siteLimits.crawl.maxPages). */
  pages: number;
  crawlDepth: number;
  /** Pages of one site monitor whose content is watched ("Watch each page's content"); 0: not on this plan. */
  watchedPages: number;
}

const chat = ["slack", "discord", "teams", "telegram", "ntfy"] as const;

export const plans: Record<PlanName, Plan> = {
  Free: {
    name: "Free",
    price: 0,
    monitors: 1,
    fastestFrequency: "1d",
    historyDays: 30,
    channels: ["email"],
    apiKeys: false,
    rendering: false,
    browserSteps: false,
    site: { pages: 50, crawlDepth: 1, watchedPages: 0 },
    description: "Try change monitoring on one page.",
    features: ["1 monitor", "Daily checks", "30 days of history", "Email notifications", "Basic support"],
    cta: "Start Free",
    popular: false,
  },
  Personal: {
    name: "Personal",
    price: 9,
    monitors: 5,
    fastestFrequency: "12h",
    historyDays: 60,
    channels: ["email"],
    apiKeys: false,
    rendering: true,
    browserSteps: false,
    site: { pages: 200, crawlDepth: 2, watchedPages: 25 },
    description: "For individuals keeping an eye on a few pages.",
    features: [
      "5 monitors",
      "Checks every 12 hours",
      "60 days of history",
      "Email notifications",
      "Basic support",
    ],
    cta: "Start Personal Trial",
    popular: false,
  },
  Pro: {
    name: "Pro",
    price: 19,
    monitors: 15,
    fastestFrequency: "1h",
    historyDays: 90,
    channels: ["email", "sms", "webhook"],
    apiKeys: false,
    rendering: true,
    browserSteps: true,
    site: { pages: 500, crawlDepth: 3, watchedPages: 100 },
    description: "For professionals who need fast, reliable alerts.",
    features: [
      "15 monitors",
      "Checks every hour",
      "90 days of history",
      "Email and SMS alerts",
      "Custom webhooks",
      "Priority support",
    ],
    cta: "Start Pro Trial",
    popular: true,
  },
  Business: {
    name: "Business",
    price: 49,
    monitors: 50,
    fastestFrequency: "15m",
    historyDays: 180,
    channels: ["email", "sms", "webhook", ...chat],
    apiKeys: true,
    rendering: true,
    browserSteps: true,
    site: { pages: 500, crawlDepth: 3, watchedPages: 500 },
    description: "For teams that monitor at scale and integrate alerts.",
    features: [
      "50 monitors",
      "Checks every 15 minutes",
      "180 days of history",
      "Slack, SMS and email alerts",
      "Custom webhooks",
      "API access",
      "Premium support",
    ],
    cta: "Start Business Trial",
    popular: false,
  },
};

export function isPlanName(value: unknown): value is PlanName {
  return typeof value === "string" && (planNames as readonly string[]).includes(value);
}

export function planAllowsFrequency(plan: PlanName, frequency: Frequency): boolean {
  return frequencyMinutes[frequency] >= frequencyMinutes[plans[plan].fastestFrequency];
}

export function planAllowsChannel(plan: PlanName, channel: ChannelType): boolean {
  return plans[plan].channels.includes(channel);
}

/** The cheapest plan satisfying a predicate: used to name the plan that allows a refused action. */
export function cheapestPlan(allows: (plan: Plan) => boolean): PlanName | null {
  return planNames.find((name) => allows(plans[name])) ?? null;
}

/**
 * Why one more monitor is refused, or null when it fits: `existing` counts every monitor the user has,
 * paused ones included. The server refuses with this (402) and Add Monitor says it before the form.
 */
export function monitorCountRefusal(plan: PlanName, existing: number): string | null {
  const limit = plans[plan].monitors;
  if (existing < limit) return null;
  const next = planNames.find((name) => plans[name].monitors > limit);
  const allows = `Your ${plan} plan allows ${limit} ${limit === 1 ? "monitor" : "monitors"}.`;
  return next
    ? `${allows} Upgrade to ${next} to add more.`
    : `${allows} Delete or pause a monitor to add another.`;
}

export function planForFrequency(frequency: Frequency): PlanName {
  return (
    cheapestPlan((p) => frequencyMinutes[frequency] >= frequencyMinutes[p.fastestFrequency]) ?? "Business"
  );
}

/**
 * How a check refused by the plan in force begins its error (a monitor saved under a higher plan, whose
 * browser steps or rendering the plan no longer allows): the monitor's screen shows it at once.
 */
export const notCheckedOnPlan = "Not checked on your plan: ";

export function planAllowsRendering(plan: PlanName): boolean {
  return plans[plan].rendering;
}

/** The cheapest plan that renders pages in a browser (JavaScript, screenshots). */
export function planForRendering(): PlanName {
  return cheapestPlan((p) => p.rendering) ?? "Business";
}

export function planAllowsBrowserSteps(plan: PlanName): boolean {
  return plans[plan].browserSteps;
}

/** The cheapest plan whose monitors may run browser steps. */
export function planForBrowserSteps(): PlanName {
  return cheapestPlan((p) => p.browserSteps) ?? "Business";
}

/** The cheapest plan whose site monitors may list this many pages, follow links this deep, watch this many. */
export function planForSite(need: Partial<SitePlanLimits>): PlanName | null {
  return cheapestPlan(
    ({ site }) =>
      site.pages >= (need.pages ?? 0) &&
      site.crawlDepth >= (need.crawlDepth ?? 0) &&
      site.watchedPages >= (need.watchedPages ?? 0),
  );
}

export function planForChannel(channel: ChannelType): PlanName {
  return cheapestPlan((p) => p.channels.includes(channel)) ?? "Business";
}

export type BillingPeriod = "monthly" | "yearly";

/** DECISIONS 4: annual shows price/month and price × 12 billed yearly; monthly shows round(price × 1.2). */
export function displayedPrice(
  plan: PlanName,
  period: BillingPeriod,
): { perMonth: number; billedYearly: number | null } {
  const price = plans[plan].price;
  if (price === 0) return { perMonth: 0, billedYearly: null };
  if (period === "yearly") return { perMonth: price, billedYearly: price * 12 };
  return { perMonth: Math.round(price * 1.2), billedYearly: null };
}
