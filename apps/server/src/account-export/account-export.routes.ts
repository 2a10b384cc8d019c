import { accountExportSchema } from "@changeradar/contracts";
import type { AppContext } from "../context";
import { asUser } from "../entitlements";
import { type Api, textAnswer } from "../http/route-schema";
import { exportAccount, exportChangesCsv } from "./account-export.service";

/** Downloads of the signed-in user's own data (issue 13 §3). */
export function registerAccountExportRoutes(api: Api, ctx: AppContext): void {
  const auth = { preHandler: api.authenticate };
  const day = () => ctx.clock.now().toISOString().slice(0, 10);

  const tags = ["Export"];

  api.get(
    "/export/account.json",
    {
      ...auth,
      schema: {
        tags,
        summary: "Your monitors, alert channels (without secrets) and change history as JSON",
        response: { 200: accountExportSchema },
      },
    },
    async (request, reply) => {
      const data = await exportAccount(asUser(ctx, request));
      reply
        .header("content-disposition", `attachment; filename="changeradar-export-${day()}.json"`)
        .header("cache-control", "no-store");
      return data;
    },
  );

  api.get(
    "/export/changes.csv",
    {
      ...auth,
      schema: {
        tags,
        summary: "Your change history as CSV (RFC 4180)",
        response: { 200: textAnswer("text/csv") },
      },
    },
    async (request, reply) => {
      const csv = await exportChangesCsv(asUser(ctx, request));
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="changeradar-changes-${day()}.csv"`)
        .header("cache-control", "no-store");
      // A byte-order mark lets spreadsheet apps read UTF-8 (names with accents, € prices) correctly.
      return `\uFEFF${csv}`;
    },
  );
}
