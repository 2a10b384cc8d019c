import type {
  MailLogDetail,
  MailLogPage,
  MailPreview,
  MailTemplate,
  MailTemplateInput,
} from "@changeradar/contracts";
import { audit } from "../audit/audit.service";
import type { ServiceContext } from "../context";
import { Invalid, NotFound } from "../http/errors";
import { findMail, type MailLogFilter, mailKinds, searchMailLog } from "../mail/mail-log.repository";
import {
  deleteTemplateEdit,
  findTemplateEdit,
  listTemplateEdits,
  type MailTemplateRow,
  saveTemplateEdit,
} from "../mail/mail-templates.repository";
import { renderTemplate, sampleVariables, unknownVariables } from "../mail/template-render";
import { type TemplateDefinition, templateDefinition, templateDefinitions } from "../mail/templates";
import { isUuid } from "../users/users.repository";
import type { AdminContext } from "./admin-actor";

type Ctx = ServiceContext<"db" | "config" | "mailer">;

// ---- The mail log ----

export async function mailLogPage(
  ctx: Ctx,
  input: MailLogFilter & { page: number; pageSize: number },
): Promise<MailLogPage> {
  const { page, pageSize, ...filter } = input;
  const paging = { page, pageSize };
  const [{ rows, total }, kinds] = await Promise.all([
    searchMailLog(ctx.db, filter, { offset: (paging.page - 1) * paging.pageSize, limit: paging.pageSize }),
    mailKinds(ctx.db),
  ]);
  const items = rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    kind: r.template,
    status: r.status,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, total, ...paging, kinds };
}

export async function mailAsSent(ctx: Ctx, input: { id: string }): Promise<MailLogDetail> {
  const { id } = input;
  const row = isUuid(id) ? await findMail(ctx.db, id) : null;
  if (!row) throw new NotFound("No email with this id.");
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    kind: row.template,
    status: row.status,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    text: row.text,
    html: row.html,
  };
}

// ---- Templates ----

function definitionOr404(key: string): TemplateDefinition {
  const definition = templateDefinition(key);
  if (!definition) throw new NotFound("No system email with this name.");
  return definition;
}

function presentTemplate(definition: TemplateDefinition, edit: MailTemplateRow | null): MailTemplate {
  const text = edit ?? definition;
  return {
    key: definition.key,
    name: definition.name,
    description: definition.description,
    variables: definition.variables,
    subject: text.subject,
    heading: text.heading,
    body: text.body,
    customised: edit !== null,
    updatedAt: edit?.updatedAt.toISOString() ?? null,
  };
}

export async function listTemplates(ctx: Ctx): Promise<MailTemplate[]> {
  const edits = await listTemplateEdits(ctx.db);
  return templateDefinitions.map((d) => presentTemplate(d, edits.find((e) => e.key === d.key) ?? null));
}

export async function getTemplate(ctx: Ctx, input: { key: string }): Promise<MailTemplate> {
  const { key } = input;
  const definition = definitionOr404(key);
  return presentTemplate(definition, await findTemplateEdit(ctx.db, key));
}

function assertKnownVariables(definition: TemplateDefinition, input: MailTemplateInput): void {
  for (const field of ["subject", "heading", "body"] as const) {
    const unknown = unknownVariables(definition, input[field]);
    if (unknown.length > 0) {
      const offered = definition.variables.map((v) => `{{${v.name}}}`).join(", ");
      throw Invalid.field(field, `Unknown variable {{${unknown[0]}}}. This email offers ${offered}.`);
    }
  }
}

/** Renders unsaved wording with the sample values: what the live preview shows. */
export function previewTemplate(
  _ctx: ServiceContext<never>,
  input: MailTemplateInput & { key: string },
): MailPreview {
  const definition = definitionOr404(input.key);
  assertKnownVariables(definition, input);
  const { subject, text, html } = renderTemplate(definition, input, sampleVariables(definition));
  return { subject, text, html };
}

export async function saveTemplate(
  ctx: AdminContext<"db" | "config" | "mailer">,
  { key, ...input }: MailTemplateInput & { key: string },
): Promise<MailTemplate> {
  const { actor } = ctx;
  const definition = definitionOr404(key);
  assertKnownVariables(definition, input);
  const before = presentTemplate(definition, await findTemplateEdit(ctx.db, key));
  await ctx.db.transaction(async (tx) => {
    await saveTemplateEdit(tx, { key, ...input, updatedBy: actor.id, updatedAt: new Date() });
    const changes: Record<string, unknown> = {};
    for (const field of ["subject", "heading", "body"] as const) {
      if (before[field] !== input[field]) changes[field] = { from: before[field], to: input[field] };
    }
    await audit(
      { db: tx, actor },
      {
        action: "mail_template.edit",
        targetType: "mail_template",
        targetId: key,
        targetLabel: definition.name,
        changes,
      },
    );
  });
  return getTemplate(ctx, { key });
}

export async function resetTemplate(ctx: AdminContext<"db">, input: { key: string }): Promise<MailTemplate> {
  const { actor } = ctx;
  const { key } = input;
  const definition = definitionOr404(key);
  await ctx.db.transaction(async (tx) => {
    const removed = await deleteTemplateEdit(tx, key);
    await audit(
      { db: tx, actor },
      {
        action: "mail_template.reset",
        targetType: "mail_template",
        targetId: key,
        targetLabel: definition.name,
        changes: { customised: { from: removed, to: false } },
      },
    );
  });
  return presentTemplate(definition, null);
}

/** Sends the template as saved, filled with sample values, to `to` (default: the administrator). */
export async function testSendTemplate(
  ctx: AdminContext<"db" | "config" | "mailer">,
  input: { key: string; to: string },
): Promise<{ message: string; status: string }> {
  const { actor } = ctx;
  const { key, to } = input;
  const definition = definitionOr404(key);
  const edit = await findTemplateEdit(ctx.db, key);
  const rendered = renderTemplate(definition, edit ?? definition, {
    ...sampleVariables(definition),
    appUrl: ctx.config.appUrl,
  });
  const result = await ctx.mailer.send({ to, ...rendered, subject: `[Test] ${rendered.subject}` });
  await audit(
    { db: ctx.db, actor },
    {
      action: "mail_template.test_send",
      targetType: "mail_template",
      targetId: key,
      targetLabel: definition.name,
      changes: { to, status: result.status },
    },
  );
  const outcome =
    result.status === "sent"
      ? `Test email sent to ${to}.`
      : result.status === "logged"
        ? `No mail server is configured: the test email to ${to} was written to the log.`
        : `The test email to ${to} could not be sent: ${result.error ?? "unknown error"}.`;
  return { message: outcome, status: result.status };
}
