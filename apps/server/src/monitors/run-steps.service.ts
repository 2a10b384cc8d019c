import type { RunStepsResult, runStepsRequestSchema, StepRun } from "@changeradar/contracts";
import { BrowserStepError, FetchError, type StepReport } from "@changeradar/engine";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { monitorBrowserState } from "../db/schema/monitors";
import { assertBrowserStepsAllowed, assertRenderingAllowed } from "../entitlements";
import { NotFound } from "../http/errors";
import { prepareLiveRender } from "./live-render";
import { type MonitorsServiceContext, ownedMonitor } from "./monitors.service";

/**
 * POST /monitors/steps/run: the editor's "Run steps". The steps run once in the browser pool against the
 * live page, through the same SSRF guard as a check, and each step's outcome comes back with a screenshot
 * of the page after it. Secrets sent as the placeholder are taken from the monitor being edited.
 */
export async function runStepsPreview(
  ctx: MonitorsServiceContext,
  input: z.output<typeof runStepsRequestSchema>,
): Promise<RunStepsResult> {
  assertBrowserStepsAllowed(ctx.user.plan);
  assertRenderingAllowed(ctx.user.plan);
  const { pool, steps, settings } = await prepareLiveRender(ctx, { ...input, what: "run the steps" });
  const runs: StepRun[] = [];
  try {
    await pool.render(
      { url: input.url, render: true, steps },
      {
        allowPrivateTargets: settings.allowPrivateTargets,
        onStep: (report) => runs.push(presentRun(report)),
      },
    );
    return { ok: true, steps: runs, error: null };
  } catch (error) {
    if (error instanceof BrowserStepError) return { ok: false, steps: runs, error: error.message };
    if (error instanceof FetchError) {
      return { ok: false, steps: runs, error: `We could not load this page: ${error.message}` };
    }
    throw error;
  }
}

/** GET /monitors/:id/step-failure: the page where the monitor's browser step last failed (PNG). */
export async function stepFailureScreenshot(
  ctx: MonitorsServiceContext,
  input: { id: string },
): Promise<Buffer> {
  const { id } = input;
  await ownedMonitor(ctx, { id });
  const [state] = await ctx.db
    .select({ screenshot: monitorBrowserState.failureScreenshot })
    .from(monitorBrowserState)
    .where(eq(monitorBrowserState.monitorId, id));
  if (!state?.screenshot) throw new NotFound("No browser step of this monitor has failed.");
  return state.screenshot;
}

function presentRun(report: StepReport): StepRun {
  return {
    number: report.number,
    kind: report.kind,
    label: report.label,
    ok: report.ok,
    error: report.error,
    url: report.url,
    screenshot: report.screenshot
      ? `data:image/png;base64,${Buffer.from(report.screenshot).toString("base64")}`
      : null,
  };
}
