import type { PickerScreenshot, pickerScreenshotRequestSchema } from "@changeradar/contracts";
import { BrowserStepError, FetchError } from "@changeradar/engine";
import type { z } from "zod";
import { assertBrowserStepsAllowed, assertRenderingAllowed } from "../entitlements";
import { Invalid } from "../http/errors";
import { prepareLiveRender } from "./live-render";
import type { MonitorsServiceContext } from "./monitors.service";
import { pickerElementsFrom, pickerProbeScript } from "./picker-probe";

/** A screenshot this large (a very long, noisy page) is not sent to the editor. */
export const MAX_PICKER_SCREENSHOT_BYTES = 10 * 1024 * 1024;

/**
 * POST /monitors/picker/screenshot: the editor's element picker for a page that needs JavaScript. The page
 * is rendered in the browser pool through the same SSRF guard as a check (its steps first, a secret sent as
 * the placeholder taken from the monitor being edited), and answers with its screenshot and the boxes of
 * its visible elements, measured in the page.
 */
export async function pickerScreenshot(
  ctx: MonitorsServiceContext,
  input: z.output<typeof pickerScreenshotRequestSchema>,
): Promise<PickerScreenshot> {
  assertRenderingAllowed(ctx.user.plan);
  if (input.steps.length > 0) assertBrowserStepsAllowed(ctx.user.plan);
  const { pool, steps, settings } = await prepareLiveRender(ctx, { ...input, what: "render the page" });
  let measured: unknown = null;
  try {
    const page = await pool.render(
      { url: input.url, render: true, steps },
      {
        allowPrivateTargets: settings.allowPrivateTargets,
        probe: { script: pickerProbeScript(), onResult: (value) => (measured = value) },
      },
    );
    const size = page.screenshot ? pngSize(page.screenshot) : null;
    const found = size ? pickerElementsFrom(measured, size) : null;
    if (!page.screenshot || !size || !found)
      throw Invalid.field("url", "This address is not a web page: there is nothing to pick from.");
    if (page.screenshot.byteLength > MAX_PICKER_SCREENSHOT_BYTES)
      throw Invalid.field("url", "This page's screenshot is too large to show. Enter a selector by hand.");
    return {
      url: input.url,
      finalUrl: page.finalUrl,
      screenshot: `data:image/png;base64,${Buffer.from(page.screenshot).toString("base64")}`,
      ...size,
      ...found,
    };
  } catch (error) {
    if (error instanceof BrowserStepError) throw Invalid.field("steps", error.message);
    if (error instanceof FetchError)
      throw Invalid.field("url", `We could not load this page: ${error.message}`);
    throw error;
  }
}

/** Width and height from a PNG's header chunk; null for anything that is not a PNG. */
function pngSize(png: Uint8Array): { width: number; height: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.byteLength < 24 || signature.some((byte, i) => png[i] !== byte)) return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
