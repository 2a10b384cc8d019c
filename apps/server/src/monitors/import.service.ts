import type {
  ImportFormat,
  ImportResult,
  importMonitorsSchema,
  Monitor,
  SkippedImport,
} from "@changeradar/contracts";
import type { z } from "zod";
import { assertFrequencyAllowed, assertRenderingAllowed } from "../entitlements";
import { AppError, Invalid, PlanLimit } from "../http/errors";
import type { ImportEntry } from "./import/import-entry";
import { planImport } from "./import/import-plan";
import { parseUrlList } from "./import/parse-list";
import { readImportFile } from "./import/read-import-file";
import { countMonitors, monitorUrls } from "./monitors.repository";
import { createMonitor, type MonitorsServiceContext, rendersFor } from "./monitors.service";

const MAX_IMPORT = 500;

/**
 * POST /monitors/import: monitors from a pasted list or another tool's file (urlwatch, changedetection.io,
 * Distill, CSV). A dry run answers what would be created and what cannot be carried over, and why; a real
 * run creates each monitor on its own, so one refusal is reported next to its URL without stopping the others.
 */
export async function importMonitors(
  ctx: MonitorsServiceContext,
  input: z.output<typeof importMonitorsSchema>,
): Promise<ImportResult> {
  const guard = { allowPrivateTargets: ctx.config.allowPrivateTargets };
  const { urls, file, format: given, dryRun, ...defaults } = input;
  assertFrequencyAllowed(ctx.user.plan, defaults.frequency);
  // Asked for every URL at once: refused once, as a 402 (a file's own per-entry rendering is noted instead).
  if (rendersFor(defaults.watch, defaults.renderJs ?? false)) assertRenderingAllowed(ctx.user.plan);
  let format: ImportFormat = given ?? "list";
  let entries: ImportEntry[];
  if (file) {
    ({ format, entries } = readImportFile(file, given));
  } else {
    entries = parseUrlList(typeof urls === "string" ? urls : (urls ?? []).join("\n"));
  }
  if (entries.length === 0) throw Invalid.field("file", "No web addresses were found to import.");
  if (entries.length > MAX_IMPORT)
    throw Invalid.field(
      "file",
      `At most ${MAX_IMPORT} monitors can be imported at once; this has ${entries.length}.`,
    );

  const owner = {
    plan: ctx.user.plan,
    monitors: await countMonitors(ctx.db, ctx.user.id),
    urls: await monitorUrls(ctx.db, ctx.user.id),
  };
  const { planned, skipped } = await planImport(entries, defaults, owner, guard);
  const created: Monitor[] = [];
  if (!dryRun) {
    for (const { input } of planned) {
      try {
        created.push(await createMonitor(ctx, input));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        skipped.push(refused(input.url, input.name ?? null, error));
      }
    }
  }
  return {
    format,
    dryRun,
    planned: planned.map((p) => p.shown),
    created,
    skipped,
    errors: skipped.map(({ url, message }) => ({ url, message })),
  };
}

function refused(url: string, name: string | null, error: AppError): SkippedImport {
  const reason = error instanceof PlanLimit ? "over_plan_limit" : "invalid_url";
  return { url, name, reason, message: error.errors?.[0]?.msg ?? error.message };
}
