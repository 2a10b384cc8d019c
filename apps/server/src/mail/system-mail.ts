import type { Database } from "../db/database";
import { findTemplateEdit } from "./mail-templates.repository";
import { type RenderedMail, renderTemplate } from "./template-render";
import { type SystemMailKey, templateDefinition } from "./templates";

/**
 * A system email as the administrator last edited it (or its default), filled with `vars`. Hand the
 * result to the Mailer with `to`.
 */
export async function systemMail(
  db: Database,
  key: SystemMailKey,
  vars: Record<string, string>,
): Promise<RenderedMail> {
  const definition = templateDefinition(key);
  if (!definition) throw new Error(`unknown system email ${key}`);
  const edit = await findTemplateEdit(db, key);
  return renderTemplate(definition, edit ?? definition, vars);
}
