import {
  bulkCheckRequestSchema,
  bulkCheckResultSchema,
  createMonitorSchema,
  importMonitorsSchema,
  importResultSchema,
  itemsOf,
  listMonitorsQuerySchema,
  maxImportFileBytes,
  monitorPageSchema,
  monitorSchema,
  pickerScreenshotRequestSchema,
  pickerScreenshotSchema,
  previewRequestSchema,
  previewSchema,
  runStepsRequestSchema,
  runStepsResultSchema,
  tagCountSchema,
  updateMonitorSchema,
} from "@changeradar/contracts";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context";
import { asUser } from "../entitlements";
import { rateLimit } from "../http/rate-limits";
import { type Api, binaryAnswer, failures, idParams, noContent } from "../http/route-schema";
import { importMonitors } from "./import.service";
import {
  checkMonitorNow,
  checkMonitors,
  createMonitor,
  getMonitor,
  listMonitors,
  monitorTags,
  removeMonitor,
  setMonitorPaused,
  updateMonitor,
} from "./monitors.service";
import { pickerScreenshot } from "./picker-screenshot.service";
import { previewPage } from "./preview.service";
import { runStepsPreview, stepFailureScreenshot } from "./run-steps.service";

const IMPORT_BODY_LIMIT = Math.ceil((maxImportFileBytes * 4) / 3) + 64 * 1024;

const tags = ["Monitors"];

/** The monitors API (issue 4). Every route is authenticated and scoped to the signed-in user's monitors. */
export async function registerMonitorRoutes(api: Api, ctx: AppContext): Promise<void> {
  const scope = (request: FastifyRequest) => asUser(ctx, request);
  const auth = { preHandler: api.authenticate };

  api.get(
    "/monitors",
    {
      ...auth,
      schema: {
        tags,
        summary: "List monitors",
        querystring: listMonitorsQuerySchema,
        response: { 200: monitorPageSchema, ...failures(400) },
      },
    },
    async (request) => listMonitors(scope(request), request.query),
  );
  api.post(
    "/monitors",
    {
      ...auth,
      schema: {
        tags,
        summary: "Create a monitor",
        description:
          "The first check runs at once. Plan gates (monitor count, frequency, channels) answer 402 naming the plan that allows it.",
        body: createMonitorSchema,
        response: { 201: monitorSchema, ...failures(400, 402) },
      },
    },
    async (request, reply) => reply.status(201).send(await createMonitor(scope(request), request.body)),
  );
  api.post(
    "/monitors/preview",
    {
      ...auth,
      config: { rateLimit: rateLimit(ctx.config, "preview") },
      schema: {
        tags,
        summary: "Fetch a page once and show what would be watched",
        body: previewRequestSchema,
        response: { 200: previewSchema, ...failures(400, 402, 429) },
      },
    },
    async (request) => previewPage(scope(request), request.body),
  );
  api.post(
    "/monitors/steps/run",
    {
      ...auth,
      config: { rateLimit: rateLimit(ctx.config, "preview") },
      schema: {
        tags,
        summary: "Run browser steps once against the live page",
        description:
          "Each step's outcome with a screenshot of the page after it (PNG data URLs). Pro and Business. Every navigation passes the SSRF guard. A secret sent as •••• is taken from `monitorId`'s stored steps.",
        body: runStepsRequestSchema,
        response: { 200: runStepsResultSchema, ...failures(400, 402, 429, 503) },
      },
    },
    async (request) => runStepsPreview(scope(request), request.body),
  );
  api.post(
    "/monitors/picker/screenshot",
    {
      ...auth,
      config: { rateLimit: rateLimit(ctx.config, "preview") },
      schema: {
        tags,
        summary: "Render a page in the browser and list its elements for the picker",
        description:
          "The page (after `steps`, if any) as a PNG data URL at most 8,000 px high, with the boxes of up to 1,500 visible elements: position in screenshot pixels, the CSS selector the picker would write, a short text excerpt. Rendering plan; steps need Pro or Business. Every navigation and sub-request passes the SSRF guard. A secret sent as •••• is taken from `monitorId`'s stored steps.",
        body: pickerScreenshotRequestSchema,
        response: { 200: pickerScreenshotSchema, ...failures(400, 402, 429, 503) },
      },
    },
    async (request) => pickerScreenshot(scope(request), request.body),
  );
  // A changedetection.io backup zip arrives base64-encoded in the JSON body.
  api.post(
    "/monitors/import",
    {
      ...auth,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: "Import monitors from a list, CSV, urlwatch, changedetection.io or Distill file",
        description:
          "With dryRun, nothing is created: the answer lists what would be created and what cannot be carried over, and why.",
        body: importMonitorsSchema,
        response: { 200: importResultSchema, ...failures(400, 402) },
      },
    },
    async (request) => importMonitors(scope(request), request.body),
  );
  api.get(
    "/monitors/:id",
    {
      ...auth,
      schema: { tags, summary: "Read a monitor", params: idParams, response: { 200: monitorSchema } },
    },
    async (request) => getMonitor(scope(request), { id: request.params.id }),
  );
  api.patch(
    "/monitors/:id",
    {
      ...auth,
      schema: {
        tags,
        summary: "Update a monitor",
        params: idParams,
        body: updateMonitorSchema,
        response: { 200: monitorSchema, ...failures(400, 402) },
      },
    },
    async (request) => updateMonitor(scope(request), { ...request.body, id: request.params.id }),
  );
  api.delete(
    "/monitors/:id",
    {
      ...auth,
      schema: { tags, summary: "Delete a monitor", params: idParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await removeMonitor(scope(request), { id: request.params.id });
      return reply.status(204).send();
    },
  );
  api.post(
    "/monitors/:id/pause",
    {
      ...auth,
      schema: { tags, summary: "Pause a monitor", params: idParams, response: { 200: monitorSchema } },
    },
    async (request) => setMonitorPaused(scope(request), { id: request.params.id, paused: true }),
  );
  api.post(
    "/monitors/:id/resume",
    {
      ...auth,
      schema: {
        tags,
        summary: "Resume a monitor",
        params: idParams,
        response: { 200: monitorSchema, ...failures(402) },
      },
    },
    async (request) => setMonitorPaused(scope(request), { id: request.params.id, paused: false }),
  );
  api.get(
    "/monitors/:id/step-failure",
    {
      ...auth,
      schema: {
        tags,
        summary: "The page where the monitor's browser step last failed",
        description:
          "A PNG screenshot taken when the step failed; 404 when no step has failed since the last success.",
        params: idParams,
        response: { 200: binaryAnswer("image/png") },
      },
    },
    async (request, reply) =>
      reply
        .header("content-type", "image/png")
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .send(await stepFailureScreenshot(scope(request), { id: request.params.id })),
  );
  api.post(
    "/monitors/:id/check",
    {
      ...auth,
      schema: {
        tags,
        summary: "Check now",
        description: "Queues a check at once. Rate limited per monitor.",
        params: idParams,
        response: { 202: z.object({ queued: z.literal(true) }), ...failures(400, 429) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await checkMonitorNow(scope(request), { id: request.params.id })),
  );
  api.post(
    "/monitors/check",
    {
      ...auth,
      schema: {
        tags,
        summary: "Check now, for many monitors",
        description:
          "Makes each listed monitor due at once (up to 500). Paused monitors and those checked within the 10 s cool-down are skipped.",
        body: bulkCheckRequestSchema,
        response: { 202: bulkCheckResultSchema, ...failures(400) },
      },
    },
    async (request, reply) => reply.status(202).send(await checkMonitors(scope(request), request.body)),
  );
  api.get(
    "/tags",
    {
      ...auth,
      schema: { tags, summary: "Tags in use, with counts", response: { 200: itemsOf(tagCountSchema) } },
    },
    async (request) => monitorTags(scope(request)),
  );
}
