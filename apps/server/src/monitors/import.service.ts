import { importMonitorsSchema } from "@changeradar/contracts";
import { AppError } from "../http/errors";
import { validate } from "../http/validate";
import type { MonitorsContext, MonitorsService } from "./monitors.service";

const MAX_IMPORT = 500;

/**
 * POST /monitors/import: one monitor per URL with shared settings. Each URL is created on its own, so
 * one bad URL (or the plan's limit) is reported next to it without stopping the others.
 */
export async function importMonitors(monitors: MonitorsService, ctx: MonitorsContext, body: unknown) {
  const input = validate(importMonitorsSchema, body);
  const lines = typeof input.urls === "string" ? input.urls.split(/\r?\n/) : input.urls;
  const urls = [
    ...new Set(lines.map((line) => line.trim()).filter((line) => line && !line.startsWith("#"))),
  ].slice(0, MAX_IMPORT);
  const created = [];
  const errors: { url: string; message: string }[] = [];
  for (const url of urls) {
    try {
      created.push(
        await monitors.create(ctx, {
          url,
          frequency: input.frequency,
          watch: input.watch,
          tags: input.tags,
          sensitivity: input.sensitivity,
          renderJs: input.renderJs,
        }),
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      errors.push({ url, message: error.message });
    }
  }
  return { created, errors };
}
