import { reportQuerySchema } from "@changeradar/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { validate } from "../http/validate";
import { exportChangesCsv } from "./report-export";
import { buildReport } from "./reports.service";

export function registerReportRoutes(api: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: api.authenticate };

  api.get("/reports", auth, async (request) =>
    buildReport(ctx, request.user, validate(reportQuerySchema, request.query)),
  );

  api.get("/reports/export.csv", auth, async (request, reply) => {
    const { filename, csv } = await exportChangesCsv(
      ctx,
      request.user,
      validate(reportQuerySchema, request.query),
    );
    reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${filename}"`)
      .header("cache-control", "no-store");
    // A byte-order mark lets spreadsheet apps read UTF-8 (names with accents, € prices) correctly.
    return `\uFEFF${csv}`;
  });
}
