import type { Page } from "playwright-core";
import { acceptCookieBanner } from "./cookie-consent";
import { parseHttpUrl } from "./ssrf";
import { type BrowserStep, BrowserStepError, FetchError } from "./types";

/** How long one action (click, type, select…) may wait for its element. */
export const STEP_TIMEOUT_MS = 10_000;
/** The longest a "wait for" step may wait. */
export const MAX_STEP_WAIT_MS = 30_000;
/** After an action, how long a navigation it started may take to load. */
const AFTER_ACTION_SETTLE_MS = 5_000;
const SCREENSHOT_TIMEOUT_MS = 5_000;
/**
 * A step's screenshot shows the whole page (a form below the fold, a message at the bottom) down to this
 * height: twenty steps' screenshots come back in one answer, so they stay bounded.
 */
export const STEP_SCREENSHOT_MAX_HEIGHT = 4_000;

/** What one step did, for the editor's "Run steps" (a screenshot after each step). */
export interface StepReport {
  /** 1-based, as people count steps. */
  number: number;
  kind: BrowserStep["kind"];
  label: string;
  ok: boolean;
  error: string | null;
  /** The page's address after the step. */
  url: string;
  screenshot: Uint8Array | null;
}

export interface StepRunContext {
  /** Milliseconds left before the render's deadline; every wait is bounded by it. */
  remaining(): number;
  /** Main-frame navigations the SSRF guard refused so far. */
  blockedNavigations(): readonly string[];
  /** The address a main-frame navigation really ended at (redirects are followed outside the browser). */
  landedAt(url: string): string;
  /** When set, each step's outcome (with a screenshot of the whole page, bounded) is handed here. */
  report?: (report: StepReport) => void;
}

/**
 * Runs the steps in order in the rendered page. The first step that fails throws a BrowserStepError with
 * its number, kind, a clear reason and a screenshot of the page at that moment. Typed text never appears
 * in a label or a reason (it may be a password).
 */
export async function runSteps(
  page: Page,
  steps: readonly BrowserStep[],
  ctx: StepRunContext,
): Promise<void> {
  for (const [index, step] of steps.entries()) {
    const number = index + 1;
    const label = stepLabel(step);
    const blockedBefore = ctx.blockedNavigations().length;
    try {
      await runStep(page, step, ctx);
      await settleAfter(page, step, ctx);
      const refused = ctx.blockedNavigations().slice(blockedBefore);
      if (refused.length > 0) throw new FetchError("blocked", refusedReason(refused[0]!));
    } catch (error) {
      const refused = ctx.blockedNavigations().slice(blockedBefore);
      const reason = refused.length > 0 ? refusedReason(refused[0]!) : stepFailure(error, step, ctx);
      const screenshot = await stepScreenshot(page, ctx);
      ctx.report?.({
        number,
        kind: step.kind,
        label,
        ok: false,
        error: reason,
        url: ctx.landedAt(page.url()),
        screenshot,
      });
      throw new BrowserStepError(number, step.kind, reason, screenshot, label);
    }
    if (ctx.report) {
      const screenshot = await stepScreenshot(page, ctx);
      ctx.report({
        number,
        kind: step.kind,
        label,
        ok: true,
        error: null,
        url: ctx.landedAt(page.url()),
        screenshot,
      });
    }
  }
}

async function runStep(page: Page, step: BrowserStep, ctx: StepRunContext): Promise<void> {
  const timeout = (limit = STEP_TIMEOUT_MS) => Math.max(1, Math.min(limit, ctx.remaining()));
  const wait = (requested: number | undefined) =>
    timeout(Math.min(requested ?? STEP_TIMEOUT_MS, MAX_STEP_WAIT_MS));
  switch (step.kind) {
    case "goto": {
      // Only http(s): the guard refuses file:, data:, javascript: and the rest before the browser sees them.
      const url = parseHttpUrl(step.url).href;
      const response = await page.goto(url, { waitUntil: "load", timeout: timeout(MAX_STEP_WAIT_MS) });
      if (response && response.status() >= 400)
        throw new FetchError("http_status", `the page answered HTTP ${response.status()}`, response.status());
      return;
    }
    case "click":
      return page.locator(step.selector).first().click({ timeout: timeout() });
    case "type":
      return page.locator(step.selector).first().fill(step.text, { timeout: timeout() });
    case "select":
      await page.locator(step.selector).first().selectOption(step.value, { timeout: timeout() });
      return;
    case "press":
      return page.keyboard.press(step.key);
    case "wait_for_selector":
      return page
        .locator(step.selector)
        .first()
        .waitFor({ state: "visible", timeout: wait(step.timeoutMs) });
    case "wait_for_text":
      return page
        .getByText(step.text)
        .first()
        .waitFor({ state: "visible", timeout: wait(step.timeoutMs) });
    case "wait_for_network_idle":
      return page.waitForLoadState("networkidle", { timeout: wait(step.timeoutMs) });
    case "scroll":
      if (step.selector)
        return page.locator(step.selector).first().scrollIntoViewIfNeeded({ timeout: timeout() });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return;
    case "accept_cookies":
      await acceptCookieBanner(page, timeout());
      return;
  }
}

/** An action may start a navigation (a submitted form, a link): it is given time to load before the next step. */
async function settleAfter(page: Page, step: BrowserStep, ctx: StepRunContext): Promise<void> {
  if (step.kind === "goto" || step.kind.startsWith("wait_for")) return;
  const limit = Math.max(1, Math.min(AFTER_ACTION_SETTLE_MS, ctx.remaining()));
  await page.waitForLoadState("networkidle", { timeout: limit }).catch(() => {});
  await page
    .waitForLoadState("load", { timeout: Math.max(1, Math.min(limit, ctx.remaining())) })
    .catch(() => {});
}

/** How a step is named in messages: its kind and target, never the text it types. */
export function stepLabel(step: BrowserStep): string {
  switch (step.kind) {
    case "goto":
      return `go to ${truncate(step.url)}`;
    case "click":
      return `click "${truncate(step.selector)}"`;
    case "type":
      return `type into "${truncate(step.selector)}"`;
    case "select":
      return `select in "${truncate(step.selector)}"`;
    case "press":
      return `press ${truncate(step.key)}`;
    case "wait_for_selector":
      return `wait for "${truncate(step.selector)}"`;
    case "wait_for_text":
      return `wait for the text "${truncate(step.text)}"`;
    case "wait_for_network_idle":
      return "wait for the network to be idle";
    case "scroll":
      return step.selector ? `scroll to "${truncate(step.selector)}"` : "scroll to the bottom";
    case "accept_cookies":
      return "accept the cookie banner";
  }
}

function stepFailure(error: unknown, step: BrowserStep, ctx: StepRunContext): string {
  if (error instanceof FetchError) {
    return error.code === "blocked" ? `the address is refused: ${error.message}` : error.message;
  }
  const message = error instanceof Error ? error.message : String(error);
  const timedOut = error instanceof Error && error.name === "TimeoutError";
  if (/Unexpected token|is not a valid selector|Unknown engine|Failed to parse/i.test(message))
    return "the selector is not valid";
  if (timedOut && ctx.remaining() <= 1) return "the steps ran out of time";
  if (timedOut) {
    switch (step.kind) {
      case "wait_for_text":
        return "the text did not appear in time";
      case "wait_for_network_idle":
        return "the page kept loading";
      case "goto":
        return "the page did not load in time";
      default:
        if (/not visible|not enabled|intercepts pointer|not stable/i.test(message))
          return "the element was there but could not be used (hidden, disabled or covered)";
        if ("selector" in step) return "nothing on the page matched the selector in time";
        return "it did not finish in time";
    }
  }
  if (/Unknown key/i.test(message)) return "this key is not known";
  if (/not a <select>|Element is not a <select>/i.test(message)) return "the element is not a drop-down list";
  if (/did not find some options/i.test(message)) return "the drop-down list has no such option";
  if (/Cannot type|not an <input>|Element is not an <input>/i.test(message))
    return "the element is not a field that takes text";
  if (/ERR_BLOCKED_BY_CLIENT/.test(message)) return "the address is refused";
  if (/net::ERR_/.test(message))
    return `the page could not be loaded (${message.match(/net::ERR_[A-Z_]+/)?.[0]})`;
  // Playwright's first line names the call and its reason; the log lines after it are for developers.
  return message
    .split("\n")[0]!
    .replace(/^[a-zA-Z.]+: /, "")
    .slice(0, 200);
}

function refusedReason(url: string): string {
  return `it led to an address that is refused (private or local network): ${truncate(url, 120)}`;
}

/** The whole page after a step, cut at STEP_SCREENSHOT_MAX_HEIGHT; null when there is no time left. */
async function stepScreenshot(page: Page, ctx: StepRunContext): Promise<Uint8Array | null> {
  if (page.isClosed()) return null;
  const timeout = Math.min(SCREENSHOT_TIMEOUT_MS, ctx.remaining());
  if (timeout < 100) return null;
  try {
    const height = await page.evaluate(() =>
      Math.max(document.documentElement?.scrollHeight ?? 0, document.body?.scrollHeight ?? 0),
    );
    const width = page.viewportSize()?.width ?? 1280;
    const clip =
      height > STEP_SCREENSHOT_MAX_HEIGHT
        ? { x: 0, y: 0, width, height: STEP_SCREENSHOT_MAX_HEIGHT }
        : undefined;
    return await page.screenshot({ type: "png", fullPage: true, clip, timeout, animations: "disabled" });
  } catch {
    return null;
  }
}

function truncate(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
