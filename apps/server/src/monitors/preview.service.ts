import type { Preview, previewRequestSchema } from "@changeradar/contracts";
import {
  FetchError,
  fetchPage,
  PageProcessingError,
  PageTooComplexError,
  parseScope,
  sharedEnginePool,
  suggestWatch,
} from "@changeradar/engine";
import type { z } from "zod";
import { checkFetchSettings } from "../checks/check-settings";
import { extractInput } from "../checks/page-check";
import { assertRenderingAllowed, type UserContext } from "../entitlements";
import { Invalid } from "../http/errors";
import { assertCheckableUrl } from "./monitor-input";
import { fetchStylesheets } from "./preview-stylesheets";

const PREVIEW_LINES = 60;

/**
 * POST /monitors/preview: fetch a page once and show what the engine finds, for the add-monitor screen.
 * The plan in force (`ctx.user.plan`) gates rendering in a browser as on the monitor itself.
 */
export async function previewPage(
  ctx: UserContext<"config">,
  input: z.output<typeof previewRequestSchema>,
): Promise<Preview> {
  const settings = checkFetchSettings(ctx.config);
  if (input.renderJs) assertRenderingAllowed(ctx.user.plan);
  await assertCheckableUrl(input.url, settings);
  let scope: ReturnType<typeof parseScope> | undefined;
  try {
    scope = input.selector ? parseScope(input.selector) : undefined;
  } catch (error) {
    throw Invalid.field("selector", error instanceof Error ? error.message : "This selector is not valid.");
  }
  try {
    const page = await fetchPage(
      { url: input.url, render: input.renderJs ?? false },
      {
        allowPrivateTargets: settings.allowPrivateTargets,
        browserPool: input.renderJs ? (settings.browserPool ?? undefined) : undefined,
      },
    );
    const engine = settings.engine ?? sharedEnginePool();
    const snapshot = await engine.extract(extractInput(page), { scope });
    const isHtml = page.contentType.includes("html");
    // Only once the engine (in its worker, within its caps) accepted the page: parsing it here blocks.
    // The sanitiser's modules are loaded by the first preview, not by every server at start.
    const { linkedStylesheets, parsePage, sanitisedHtml } = await import("./sanitise-html");
    const parsed = isHtml ? parsePage(page.text, page.finalUrl) : null;
    const stylesheets = parsed
      ? await fetchStylesheets(linkedStylesheets(parsed), settings)
      : new Map<string, string>();
    return {
      url: input.url,
      finalUrl: page.finalUrl,
      title: snapshot.title,
      format: snapshot.format,
      text: snapshot.lines.slice(0, PREVIEW_LINES),
      price: snapshot.price ? { amount: snapshot.price.amount, currency: snapshot.price.currency } : null,
      availability: snapshot.availability,
      items: snapshot.items.slice(0, 20).map((item) => ({ title: item.title, url: item.url })),
      images: snapshot.images.slice(0, 20),
      selectorMatched: snapshot.scopeMatched,
      screenshot: page.screenshot
        ? `data:image/png;base64,${Buffer.from(page.screenshot).toString("base64")}`
        : null,
      html: parsed ? sanitisedHtml(parsed, stylesheets) : null,
      suggestedWatch: suggestWatch(snapshot),
    };
  } catch (error) {
    if (error instanceof FetchError)
      throw Invalid.field("url", `We could not load this page: ${error.message}`);
    if (error instanceof PageTooComplexError || error instanceof PageProcessingError)
      throw Invalid.field("url", error.message);
    throw error;
  }
}
