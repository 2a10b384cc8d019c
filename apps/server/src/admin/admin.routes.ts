import {
  adminDashboardSchema,
  changePlanSchema,
  customerDetailSchema,
  customerPageSchema,
  customerQuerySchema,
  mailLogDetailSchema,
  mailLogPageSchema,
  mailLogQuerySchema,
  mailPreviewSchema,
  mailTemplateInputSchema,
  mailTemplateSchema,
  messageResponseSchema,
  planChangeResultSchema,
  supportReplyInputSchema,
  supportReplySchema,
  testSendInputSchema,
} from "@changeradar/contracts";
import { z } from "zod";
import type { AppContext } from "../context";
import { type Api, failures, idParams } from "../http/route-schema";
import { answerSupportRequest } from "../support/support-replies.service";
import { asAdmin } from "./admin-actor";
import { adminDashboard } from "./admin-dashboard.service";
import {
  changeCustomerPlan,
  customerDetail,
  disableCustomer,
  enableCustomer,
  findCustomers,
} from "./customers.service";
import {
  getTemplate,
  listTemplates,
  mailAsSent,
  mailLogPage,
  previewTemplate,
  resetTemplate,
  saveTemplate,
  testSendTemplate,
} from "./manage-emails.service";

const tags = ["Admin"];
const keyParams = z.object({ key: z.string() });

/** The admin area's API. Every route: 401 without credentials, 403 for a non-admin (DECISIONS 5). */
export function registerAdminRoutes(api: Api, ctx: AppContext): void {
  const admin = { preHandler: api.requireAdmin };

  api.get(
    "/admin/dashboard",
    {
      ...admin,
      schema: { tags, summary: "The admin dashboard's figures", response: { 200: adminDashboardSchema } },
    },
    async () => adminDashboard(ctx),
  );

  api.get(
    "/admin/customers",
    {
      ...admin,
      schema: {
        tags,
        summary: "Find customers",
        querystring: customerQuerySchema,
        response: { 200: customerPageSchema, ...failures(400) },
      },
    },
    async (request) => findCustomers(ctx, request.query),
  );
  api.get(
    "/admin/customers/:id",
    {
      ...admin,
      schema: { tags, summary: "One customer", params: idParams, response: { 200: customerDetailSchema } },
    },
    async (request) => customerDetail(ctx, { id: request.params.id }),
  );
  api.post(
    "/admin/customers/:id/plan",
    {
      ...admin,
      schema: {
        tags,
        summary: "Put a customer on a plan",
        params: idParams,
        body: changePlanSchema,
        response: { 200: planChangeResultSchema, ...failures(400) },
      },
    },
    async (request) => changeCustomerPlan(asAdmin(ctx, request), { id: request.params.id, ...request.body }),
  );
  api.post(
    "/admin/customers/:id/disable",
    {
      ...admin,
      schema: {
        tags,
        summary: "Disable a customer's account (sessions end, monitors pause)",
        params: idParams,
        response: { 200: messageResponseSchema, ...failures(409) },
      },
    },
    async (request) => disableCustomer(asAdmin(ctx, request), { id: request.params.id }),
  );
  api.post(
    "/admin/customers/:id/enable",
    {
      ...admin,
      schema: {
        tags,
        summary: "Enable a disabled account",
        params: idParams,
        response: { 200: messageResponseSchema, ...failures(409) },
      },
    },
    async (request) => enableCustomer(asAdmin(ctx, request), { id: request.params.id }),
  );
  api.post(
    "/admin/support-requests/:id/replies",
    {
      ...admin,
      schema: {
        tags,
        summary: "Answer a support request (mailed to the customer)",
        params: idParams,
        body: supportReplyInputSchema,
        response: { 200: supportReplySchema, ...failures(400) },
      },
    },
    async (request) =>
      answerSupportRequest(asAdmin(ctx, request), {
        requestId: request.params.id,
        message: request.body.message,
      }),
  );

  api.get(
    "/admin/mail-log",
    {
      ...admin,
      schema: {
        tags,
        summary: "Mail sent, newest first",
        querystring: mailLogQuerySchema,
        response: { 200: mailLogPageSchema, ...failures(400) },
      },
    },
    async (request) => mailLogPage(ctx, request.query),
  );
  api.get(
    "/admin/mail-log/:id",
    {
      ...admin,
      schema: {
        tags,
        summary: "One mail as it was sent",
        params: idParams,
        response: { 200: mailLogDetailSchema },
      },
    },
    async (request) => mailAsSent(ctx, { id: request.params.id }),
  );
  api.get(
    "/admin/mail-templates",
    { ...admin, schema: { tags, summary: "Mail templates", response: { 200: z.array(mailTemplateSchema) } } },
    async () => listTemplates(ctx),
  );
  api.get(
    "/admin/mail-templates/:key",
    {
      ...admin,
      schema: {
        tags,
        summary: "One mail template",
        params: keyParams,
        response: { 200: mailTemplateSchema },
      },
    },
    async (request) => getTemplate(ctx, { key: request.params.key }),
  );
  api.put(
    "/admin/mail-templates/:key",
    {
      ...admin,
      schema: {
        tags,
        summary: "Save a mail template's wording",
        params: keyParams,
        body: mailTemplateInputSchema,
        response: { 200: mailTemplateSchema, ...failures(400) },
      },
    },
    async (request) => saveTemplate(asAdmin(ctx, request), { ...request.body, key: request.params.key }),
  );
  api.post(
    "/admin/mail-templates/:key/preview",
    {
      ...admin,
      schema: {
        tags,
        summary: "Render a mail template's wording with sample values",
        params: keyParams,
        body: mailTemplateInputSchema,
        response: { 200: mailPreviewSchema, ...failures(400) },
      },
    },
    async (request) => previewTemplate(ctx, { ...request.body, key: request.params.key }),
  );
  api.post(
    "/admin/mail-templates/:key/test",
    {
      ...admin,
      schema: {
        tags,
        summary: "Send a mail template as saved, with sample values (to yourself by default)",
        params: keyParams,
        body: testSendInputSchema.optional(),
        response: { 200: z.object({ message: z.string(), status: z.string() }), ...failures(400) },
      },
    },
    async (request) =>
      testSendTemplate(asAdmin(ctx, request), {
        key: request.params.key,
        to: request.body?.to ?? request.user.email,
      }),
  );
  api.post(
    "/admin/mail-templates/:key/reset",
    {
      ...admin,
      schema: {
        tags,
        summary: "Put a mail template back to its original wording",
        params: keyParams,
        response: { 200: mailTemplateSchema },
      },
    },
    async (request) => resetTemplate(asAdmin(ctx, request), { key: request.params.key }),
  );
}
