import {
  type MonitorCondition,
  type MonitorMode,
  type PlanName,
  plans,
  siteLimits,
  type WatchKind,
} from "@changeradar/contracts";
import {
  assertPublicUrl,
  FetchError,
  InvalidIgnoreRuleError,
  parseIgnoreRules,
  parseScope,
  validateConditions,
} from "@changeradar/engine";
import { toEngineCondition } from "../checks/engine-conditions";
import { assertSiteAllowed } from "../entitlements";
import { Invalid } from "../http/errors";

/**
 * Checks of user input that need the engine: the URL must be http(s) on a public host (the SSRF guard,
 * resolved through DNS), the ignore rules must compile safely and the scope must parse.
 */
export async function assertCheckableUrl(raw: string, guard: { allowPrivateTargets: boolean }): Promise<URL> {
  try {
    return await assertPublicUrl(raw, guard);
  } catch (error) {
    if (error instanceof FetchError) throw Invalid.field("url", error.message);
    throw error;
  }
}

/** A browser step's "go to" address: the same guard as the monitor's URL, named after the steps. */
export async function assertStepUrl(raw: string, guard: { allowPrivateTargets: boolean }): Promise<void> {
  try {
    await assertPublicUrl(raw, guard);
  } catch (error) {
    if (error instanceof FetchError) throw Invalid.field("browserSteps", `Go to ${raw}: ${error.message}`);
    throw error;
  }
}

export function assertValidRules(selector: string | null, ignore: readonly string[]): void {
  try {
    parseIgnoreRules(ignore);
  } catch (error) {
    if (error instanceof InvalidIgnoreRuleError) throw Invalid.field("ignore", error.message);
    throw error;
  }
  if (selector) {
    try {
      parseScope(selector);
    } catch (error) {
      throw Invalid.field("selector", error instanceof Error ? error.message : "This selector is not valid.");
    }
  }
}

/** Conditions' patterns must compile on the linear-time engine; refused here, when the monitor is saved. */
export function assertValidConditions(conditions: readonly MonitorCondition[]): void {
  try {
    validateConditions(conditions.map(toEngineCondition));
  } catch (error) {
    if (error instanceof InvalidIgnoreRuleError) throw Invalid.field("conditions", error.message);
    throw error;
  }
}

export interface SiteSettings {
  maxPages: number | null;
  crawlDepth: number | null;
  watchPages: boolean;
}

/**
 * A site monitor's bounds: refused past the mode's cap (a crawl fetches every page it lists, a sitemap read
 * only the sitemap files) and past the plan's site limits. Absent values take the mode's defaults, lowered
 * to what the plan allows (and, when each page is watched, to the pages the plan watches). One page: none.
 */
export function siteSettings(
  mode: MonitorMode,
  input: { maxPages: number | null | undefined; crawlDepth: number | null | undefined; watchPages: boolean },
  plan: PlanName,
): SiteSettings {
  if (mode === "page") return { maxPages: null, crawlDepth: null, watchPages: false };
  const limits = siteLimits[mode];
  const allowed = plans[plan].site;
  const pages =
    input.maxPages ??
    Math.max(
      1,
      Math.min(limits.defaultPages, allowed.pages, input.watchPages ? allowed.watchedPages : Infinity),
    );
  if (pages > limits.maxPages) {
    throw Invalid.field(
      "maxPages",
      `A site read by following its links lists at most ${limits.maxPages} pages`,
    );
  }
  const crawlDepth =
    mode === "crawl" ? (input.crawlDepth ?? Math.min(siteLimits.defaultDepth, allowed.crawlDepth)) : null;
  const settings = { maxPages: pages, crawlDepth, watchPages: input.watchPages };
  assertSiteAllowed(plan, settings);
  return settings;
}

/** What a site monitor watches: its pages coming and going (the engine's "new content"), nothing else. */
export const SITE_WATCH: WatchKind[] = ["new_content"];
