import {
  changePlanSchema,
  customerQuerySchema,
  mailLogQuerySchema,
  mailTemplateInputSchema,
  supportReplyInputSchema,
  testSendInputSchema,
} from "@changeradar/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { validate } from "../http/validate";
import { answerSupportRequest } from "../support/support-replies.service";
import { adminActor } from "./admin-actor";
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

type Id = { Params: { id: string } };
type Key = { Params: { key: string } };

/** The admin area's API. Every route: 401 without credentials, 403 for a non-admin (DECISIONS 5). */
export function registerAdminRoutes(api: FastifyInstance, ctx: AppContext): void {
  const admin = { preHandler: api.requireAdmin };

  api.get("/admin/dashboard", admin, async () => adminDashboard(ctx));

  api.get("/admin/customers", admin, async (request) => {
    const { page, pageSize, ...filter } = validate(customerQuerySchema, request.query);
    return findCustomers(ctx, filter, { page, pageSize });
  });
  api.get<Id>("/admin/customers/:id", admin, async (request) => customerDetail(ctx, request.params.id));
  api.post<Id>("/admin/customers/:id/plan", admin, async (request) => {
    const { planType } = validate(changePlanSchema, request.body);
    return changeCustomerPlan(ctx, adminActor(request.user), request.params.id, planType);
  });
  api.post<Id>("/admin/customers/:id/disable", admin, async (request) =>
    disableCustomer(ctx, adminActor(request.user), request.params.id),
  );
  api.post<Id>("/admin/customers/:id/enable", admin, async (request) =>
    enableCustomer(ctx, adminActor(request.user), request.params.id),
  );
  api.post<Id>("/admin/support-requests/:id/replies", admin, async (request) => {
    const { message } = validate(supportReplyInputSchema, request.body);
    return answerSupportRequest(ctx, adminActor(request.user), request.params.id, message);
  });

  api.get("/admin/mail-log", admin, async (request) => {
    const { page, pageSize, ...filter } = validate(mailLogQuerySchema, request.query);
    return mailLogPage(ctx, filter, { page, pageSize });
  });
  api.get<Id>("/admin/mail-log/:id", admin, async (request) => mailAsSent(ctx, request.params.id));
  api.get("/admin/mail-templates", admin, async () => listTemplates(ctx));
  api.get<Key>("/admin/mail-templates/:key", admin, async (request) => getTemplate(ctx, request.params.key));
  api.put<Key>("/admin/mail-templates/:key", admin, async (request) =>
    saveTemplate(
      ctx,
      adminActor(request.user),
      request.params.key,
      validate(mailTemplateInputSchema, request.body),
    ),
  );
  api.post<Key>("/admin/mail-templates/:key/preview", admin, async (request) =>
    previewTemplate(request.params.key, validate(mailTemplateInputSchema, request.body)),
  );
  api.post<Key>("/admin/mail-templates/:key/test", admin, async (request) => {
    const { to } = validate(testSendInputSchema, request.body ?? {});
    return testSendTemplate(ctx, adminActor(request.user), request.params.key, to ?? request.user.email);
  });
  api.post<Key>("/admin/mail-templates/:key/reset", admin, async (request) =>
    resetTemplate(ctx, adminActor(request.user), request.params.key),
  );
}
