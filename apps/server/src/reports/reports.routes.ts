import { reportQuerySchema, reportSchema } from "@changeradar/contracts";
import type { AppContext } from "../context";
import { asUser } from "../entitlements";
import { type Api, failures, textAnswer } from "../http/route-schema";
import { exportChangesCsv } from "./report-export";
import { buildReport } from "./reports.service";

const tags = ["Reports"];

export function registerReportRoutes(api: Api, ctx: AppContext): void {
  const auth = { preHandler: api.authenticate };

  api.get(
    "/reports",
    {
      ...auth,
      schema: {
        tags,
        summary: "Checks, changes and errors over time",
        querystring: reportQuerySchema,
        response: { 200: reportSchema, ...failures(400) },
      },
    },
    async (request) => buildReport(asUser(ctx, request), request.query),
  );

  api.get(
    "/reports/export.csv",
    {
      ...auth,
      schema: {
        tags,
        summary: "The range's changes as CSV (RFC 4180)",
        querystring: reportQuerySchema,
        response: { 200: textAnswer("text/csv"), ...failures(400) },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await exportChangesCsv(asUser(ctx, request), request.query);
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "no-store");
      // A byte-order mark lets spreadsheet apps read UTF-8 (names with accents, € prices) correctly.
      return `\uFEFF${csv}`;
    },
  );
}
