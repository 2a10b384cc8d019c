import { codeBlock, layout, paragraph } from "./layout";
import type { TemplateDefinition } from "./templates";

/** What a template's wording is made of; the defaults or an administrator's edit. */
export interface TemplateText {
  subject: string;
  heading: string;
  body: string;
}

export interface RenderedMail {
  template: string;
  subject: string;
  text: string;
  html: string;
}

const placeholder = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** Variables a text uses that the template does not offer (an edit naming them is refused). */
export function unknownVariables(definition: TemplateDefinition, text: string): string[] {
  const known = new Set(definition.variables.map((v) => v.name));
  const used = [...text.matchAll(placeholder)].map((m) => m[1]!);
  return [...new Set(used.filter((name) => !known.has(name)))];
}

function fill(text: string, vars: Record<string, string>): string {
  return text.replace(placeholder, (whole, name: string) => vars[name] ?? whole);
}

/**
 * Renders a template: plain text as written, HTML in the branded layout with every value escaped (a
 * variable never injects markup). A paragraph that is only `{{code}}` becomes a large code block.
 */
export function renderTemplate(
  definition: TemplateDefinition,
  text: TemplateText,
  vars: Record<string, string>,
): RenderedMail {
  const paragraphs = text.body.replaceAll("\r\n", "\n").split(/\n\s*\n/);
  const html = paragraphs
    .map((p) =>
      /^\s*\{\{\s*code\s*\}\}\s*$/.test(p) ? codeBlock(vars.code ?? "") : paragraph(fill(p.trim(), vars)),
    )
    .join("");
  return {
    template: definition.key,
    subject: fill(text.subject, vars).replace(/\s+/g, " ").trim(),
    text: `${fill(text.body, vars).trim()}\n`,
    html: layout(fill(text.heading, vars), html, vars.appUrl ?? ""),
  };
}

/** The sample values of every variable, for previews and test sends. */
export function sampleVariables(definition: TemplateDefinition): Record<string, string> {
  return Object.fromEntries(definition.variables.map((v) => [v.name, v.sample]));
}
