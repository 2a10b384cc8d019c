import {
  changeDetailSchema,
  changeSummarySchema,
  checkSchema,
  itemsOf,
  pageOf,
  pageQuerySchema,
  pricePointSchema,
  rateChangeSchema,
} from "@changeradar/contracts";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context";
import { historyCutoff, ownerOf } from "../entitlements";
import { type Api, binaryAnswer, failures, idParams } from "../http/route-schema";
import type { MonitorsContext } from "../monitors/monitors.service";
import { historyService as history } from "./history.service";

const tags = ["Changes"];

/** Change history, checks, prices and change images of the signed-in user's monitors. */
export function registerHistoryRoutes(api: Api, ctx: AppContext): void {
  const scope = (request: FastifyRequest): MonitorsContext => ({
    db: ctx.db,
    user: ownerOf(request),
    historySince: historyCutoff(request.entitlement.inForce, ctx.clock.now()),
  });
  const auth = { preHandler: api.authenticate };

  api.get(
    "/monitors/:id/changes",
    {
      ...auth,
      schema: {
        tags,
        summary: "A monitor's changes, newest first",
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: pageOf(changeSummarySchema), ...failures(400) },
      },
    },
    async (request) => history.monitorChanges(scope(request), request.params.id, request.query),
  );
  api.get(
    "/monitors/:id/checks",
    {
      ...auth,
      schema: {
        tags,
        summary: "A monitor's checks, newest first",
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: pageOf(checkSchema), ...failures(400) },
      },
    },
    async (request) => history.checks(scope(request), request.params.id, request.query),
  );
  api.get(
    "/monitors/:id/prices",
    {
      ...auth,
      schema: {
        tags,
        summary: "A monitor's price history",
        params: idParams,
        response: { 200: itemsOf(pricePointSchema) },
      },
    },
    async (request) => history.prices(scope(request), request.params.id),
  );
  api.get(
    "/changes",
    {
      ...auth,
      schema: {
        tags,
        summary: "Recent changes across all monitors",
        querystring: pageQuerySchema,
        response: { 200: pageOf(changeSummarySchema), ...failures(400) },
      },
    },
    async (request) => history.recentChanges(scope(request), request.query),
  );
  api.get(
    "/changes/:id",
    {
      ...auth,
      schema: {
        tags,
        summary: "A change with its diff",
        params: idParams,
        response: { 200: changeDetailSchema },
      },
    },
    async (request) => history.change(scope(request), request.params.id),
  );
  api.post(
    "/changes/:id/rating",
    {
      ...auth,
      schema: {
        tags,
        summary: "Rate an alert useful or noise",
        description: "With `noise`, the confirmed `addIgnoreRules` are added to the monitor.",
        params: idParams,
        body: rateChangeSchema,
        response: { 200: changeDetailSchema, ...failures(400) },
      },
    },
    async (request) => history.rate(scope(request), request.params.id, request.body),
  );
  // Stored page content is never served; only PNG images, with their own type and no sniffing.
  api.get(
    "/blobs/:id",
    {
      ...auth,
      schema: {
        tags,
        summary: "A screenshot or diff image of one of your changes",
        description: "The image addresses are in a change's `screenshots`.",
        params: z.object({ id: z.string() }),
        response: { 200: binaryAnswer("image/png") },
      },
    },
    async (request, reply) => {
      const image = await history.image(scope(request), request.params.id);
      return reply
        .header("content-type", "image/png")
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", "inline")
        .header("cache-control", "private, max-age=86400, immutable")
        .send(image.bytes);
    },
  );
}
