import type { BrowserStep } from "@changeradar/contracts";
import { checkFetchSettings } from "../checks/check-settings";
import { ServiceUnavailable } from "../http/errors";
import { assertCheckableUrl, assertStepUrl } from "./monitor-input";
import { type MonitorsServiceContext, ownedMonitor } from "./monitors.service";
import { openSteps, sealSteps, stepSecretBox } from "./step-secrets";

/**
 * What the editor's live renders ("Run steps", the screenshot picker) do before the page opens: the address
 * guard on the URL and on every "go to", secrets sent as the placeholder taken from the monitor being
 * edited (only the caller's own), and the browser pool. `what` ends "No browser is configured to …".
 */
export async function prepareLiveRender(
  ctx: MonitorsServiceContext,
  input: { url: string; steps: BrowserStep[]; monitorId?: string | null | undefined; what: string },
) {
  const settings = checkFetchSettings(ctx.config);
  const box = stepSecretBox(ctx.config.jwtSecret);
  const { what } = input;
  const stored = input.monitorId ? (await ownedMonitor(ctx, { id: input.monitorId })).browserSteps : [];
  await assertCheckableUrl(input.url, settings);
  for (const step of input.steps) if (step.kind === "goto") await assertStepUrl(step.url, settings);
  const steps = openSteps(box, sealSteps(box, input.steps, stored));
  const pool = settings.browserPool;
  if (!pool) throw new ServiceUnavailable(`No browser is configured to ${what}.`);
  return { pool, steps, settings };
}
