import {
  type ChannelType,
  channelLabels,
  type Frequency,
  monitorCountRefusal,
  notCheckedOnPlan,
  type PlanName,
  planAllowsBrowserSteps,
  planAllowsChannel,
  planAllowsFrequency,
  planAllowsRendering,
  planForBrowserSteps,
  planForChannel,
  planForFrequency,
  planForRendering,
  planForSite,
  planNames,
  plans,
} from "@changeradar/contracts";
import { Forbidden, PlanLimit } from "../http/errors";

/** The monitor-count rule lives in contracts so the Add Monitor screen says the same thing before the form. */
export { monitorCountRefusal };

/**
 * Every plan gate of DECISIONS "Plan gates" and its one refusal message. Each message names the plan that
 * allows the action. The `plan` argument is always the plan IN FORCE (planInForce), never planType.
 * Pure `…Refusal` functions return the message or null; `assert…` throw it as a 402.
 */

const frequencyPhrases: Record<Frequency, string> = {
  "15m": "every 15 minutes",
  "1h": "every hour",
  "6h": "every 6 hours",
  "12h": "every 12 hours",
  "1d": "once a day",
  "1w": "once a week",
};

function orHigher(plan: PlanName): string {
  return plan === planNames[planNames.length - 1] ? `the ${plan} plan` : `the ${plan} plan or higher`;
}

/** The cheapest plan that allows API keys. */
export const apiKeysPlan: PlanName = planNames.find((name) => plans[name].apiKeys) ?? "Business";

export function frequencyRefusal(plan: PlanName, frequency: Frequency): string | null {
  if (planAllowsFrequency(plan, frequency)) return null;
  return `Checking ${frequencyPhrases[frequency]} needs ${orHigher(planForFrequency(frequency))}. Upgrade to use it.`;
}

export function channelRefusal(plan: PlanName, type: ChannelType): string | null {
  if (planAllowsChannel(plan, type)) return null;
  return `${channelLabels[type]} alerts need ${orHigher(planForChannel(type))}. Upgrade to use them.`;
}

export function apiKeysRefusal(plan: PlanName): string | null {
  if (plans[plan].apiKeys) return null;
  return `API access needs ${orHigher(apiKeysPlan)}. Upgrade to use API keys.`;
}

/** Rendering a page in a browser ("Render JavaScript", or watching its visual look) on create, edit, import, preview. */
export function renderingRefusal(plan: PlanName): string | null {
  if (planAllowsRendering(plan)) return null;
  return `Rendering pages in a browser (JavaScript and screenshots) needs ${orHigher(planForRendering())}. Upgrade to use it.`;
}

/** Browser steps on a monitor (create, edit, import) and the editor's "Run steps". */
export function browserStepsRefusal(plan: PlanName): string | null {
  if (planAllowsBrowserSteps(plan)) return null;
  return `Browser steps (pages behind a login or a click) need ${orHigher(planForBrowserSteps())}. Upgrade to use them.`;
}

/**
 * At check time, for a monitor saved under a higher plan (DECISIONS: nothing stored is lost when a plan goes
 * down): why it is not checked. Its steps and settings stay stored, so an upgrade checks it again as it was.
 * Starts with `notCheckedOnPlan` (contracts), which the monitor's screen recognises.
 */
export function checkRefusal(
  plan: PlanName,
  monitor: { renderJs: boolean; browserStepCount: number; sitePage?: boolean; sitePagesBefore?: number },
): string | null {
  const watchedPages = plans[plan].site.watchedPages;
  if (monitor.sitePage && watchedPages === 0) {
    return `${notCheckedOnPlan}watching each page of a site needs ${orHigher(planForSite({ watchedPages: 1 }) ?? "Business")}. Upgrade to watch its pages again; the site's pages added and removed are still reported.`;
  }
  const rank = (monitor.sitePagesBefore ?? 0) + 1;
  if (monitor.sitePage && rank > watchedPages) {
    return `${notCheckedOnPlan}your ${plan} plan watches the first ${watchedPages} pages found on a site, and this is page ${rank}. Watching ${rank} pages needs ${orHigher(planForSite({ watchedPages: rank }) ?? "Business")}; the site's pages added and removed are still reported.`;
  }
  if (monitor.browserStepCount > 0 && !planAllowsBrowserSteps(plan)) {
    return `${notCheckedOnPlan}its browser steps need ${orHigher(planForBrowserSteps())}. They are kept: upgrade to run them again, or remove them to check the page without them.`;
  }
  if (monitor.renderJs && !planAllowsRendering(plan)) {
    return `${notCheckedOnPlan}rendering pages in a browser (JavaScript and screenshots) needs ${orHigher(planForRendering())}. Upgrade, or turn off Render JavaScript and visual watching to check the page without a browser.`;
  }
  return null;
}

/** A site monitor's bounds as saved: pages listed, crawl depth, and whether each page's content is watched. */
export interface SiteBounds {
  maxPages: number;
  crawlDepth: number | null;
  watchPages: boolean;
}

/** A site monitor's page cap, crawl depth and per-page watching against the plan's site limits (create, edit). */
export function siteRefusal(plan: PlanName, bounds: SiteBounds): string | null {
  const limits = plans[plan].site;
  const { maxPages, crawlDepth, watchPages } = bounds;
  const needs = (need: Parameters<typeof planForSite>[0]) => orHigher(planForSite(need) ?? "Business");
  if (maxPages > limits.pages) {
    return `Listing ${maxPages} pages of a site needs ${needs({ pages: maxPages })}; your ${plan} plan lists up to ${limits.pages}. Lower the page cap or upgrade.`;
  }
  if (crawlDepth !== null && crawlDepth > limits.crawlDepth) {
    const steps = (n: number) => `${n} ${n === 1 ? "step" : "steps"}`;
    return `Following links ${steps(crawlDepth)} deep needs ${needs({ crawlDepth })}; your ${plan} plan follows ${steps(limits.crawlDepth)}. Lower the depth or upgrade.`;
  }
  if (watchPages && limits.watchedPages === 0) {
    return `Watching each page's content needs ${needs({ watchedPages: 1 })}. Upgrade to use it.`;
  }
  if (watchPages && maxPages > limits.watchedPages) {
    return `Watching the content of ${maxPages} pages needs ${needs({ watchedPages: maxPages })}; your ${plan} plan watches up to ${limits.watchedPages} pages per site. Lower the page cap to ${limits.watchedPages} or upgrade.`;
  }
  return null;
}

/** How many days of history the plan keeps (history screens and both retention jobs). */
export function historyDays(plan: PlanName): number {
  return plans[plan].historyDays;
}

/** The oldest moment whose history the plan still shows. */
export function historyCutoff(plan: PlanName, now: Date): Date {
  return new Date(now.getTime() - historyDays(plan) * 86_400_000);
}

function refuse(message: string | null): void {
  if (message) throw new PlanLimit(message);
}

export function assertMonitorCountAllowed(plan: PlanName, existing: number): void {
  refuse(monitorCountRefusal(plan, existing));
}

export function assertFrequencyAllowed(plan: PlanName, frequency: Frequency): void {
  refuse(frequencyRefusal(plan, frequency));
}

export function assertRenderingAllowed(plan: PlanName): void {
  refuse(renderingRefusal(plan));
}

export function assertBrowserStepsAllowed(plan: PlanName): void {
  refuse(browserStepsRefusal(plan));
}

export function assertSiteAllowed(plan: PlanName, bounds: SiteBounds): void {
  refuse(siteRefusal(plan, bounds));
}

export function assertChannelsAllowed(plan: PlanName, types: readonly ChannelType[]): void {
  for (const type of types) refuse(channelRefusal(plan, type));
}

/** Creating or listing API keys: 402 like every other gate. */
export function assertApiKeysAllowed(plan: PlanName): void {
  refuse(apiKeysRefusal(plan));
}

/**
 * Authenticating WITH an API key when the plan in force no longer allows keys: 403 (the credential is
 * refused), with the same message.
 */
export function assertApiKeyLoginAllowed(plan: PlanName): void {
  const message = apiKeysRefusal(plan);
  if (message) throw new Forbidden(message);
}

/** Which of a user's running monitors exceed a (lower) plan's count: the newest ones. */
export function monitorsOverPlan(plan: PlanName, activeOldestFirst: readonly string[]): string[] {
  return activeOldestFirst.slice(plans[plan].monitors);
}
