import { escapeHtml as esc } from "../alerts/render/escape";
import type { JsonSchema } from "./openapi";

/**
 * /api/v1/docs: the OpenAPI document rendered on the server as one self-contained page (no scripts, no
 * CDN), so it works offline and under the app's strict Content-Security-Policy.
 */
interface OperationView {
  method: string;
  path: string;
  op: JsonSchema & { tags?: string[]; summary?: string; description?: string; parameters?: JsonSchema[] };
}

const STYLE = `
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#0f172a;background:#f8fafc;line-height:1.5}
header{background:#1e293b;color:#fff;padding:24px 32px}header h1{margin:0 0 4px;font-size:24px}header p{margin:0;color:#cbd5e1}
main{max-width:1000px;margin:0 auto;padding:24px 32px}nav a{margin-right:12px;color:#2563eb}
h2{margin-top:40px;border-bottom:1px solid #e2e8f0;padding-bottom:4px}
section.op{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:16px;margin:16px 0}
.method{display:inline-block;min-width:64px;text-align:center;font-weight:700;border-radius:4px;padding:2px 8px;color:#fff;margin-right:8px;text-transform:uppercase;font-size:13px}
.get{background:#0284c7}.post{background:#16a34a}.patch{background:#d97706}.put{background:#7c3aed}.delete{background:#dc2626}
code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px}pre{background:#0f172a;color:#e2e8f0;padding:12px;border-radius:6px;overflow:auto;max-height:420px}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #e2e8f0;padding:4px 8px;text-align:left;font-size:14px}
details summary{cursor:pointer;color:#334155;margin:6px 0}`;

function schemaBlock(label: string, schema: unknown): string {
  if (!schema) return "";
  return `<details><summary>${esc(label)}</summary><pre>${esc(JSON.stringify(schema, null, 2))}</pre></details>`;
}

function parametersTable(parameters: JsonSchema[] | undefined): string {
  if (!parameters?.length) return "";
  const rows = parameters
    .map((p) => {
      const schema = p.schema as JsonSchema | undefined;
      const type = schema?.enum
        ? (schema.enum as unknown[]).join(" | ")
        : String(schema?.type ?? schema?.format ?? "");
      return `<tr><td><code>${esc(String(p.name))}</code></td><td>${esc(String(p.in))}</td><td>${esc(type)}</td><td>${p.required ? "yes" : ""}</td><td>${esc(String(p.description ?? ""))}</td></tr>`;
    })
    .join("");
  return `<table><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th></th></tr>${rows}</table>`;
}

function contentSchema(node: unknown): unknown {
  const content = (node as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
  return content ? Object.values(content)[0]?.schema : undefined;
}

function renderOperation({ method, path, op }: OperationView): string {
  const responses = Object.entries((op.responses ?? {}) as Record<string, JsonSchema>);
  const success = responses.find(([code]) => code.startsWith("2"));
  const errors = responses
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, r]) => `<code>${code}</code> ${esc(String(r.description))}`);
  return `<section class="op" id="${esc(String(op.operationId))}">
<div><span class="method ${method}">${method}</span><code>${esc(path)}</code></div>
<p><strong>${esc(op.summary ?? "")}</strong>${op.description ? `<br>${esc(op.description)}` : ""}</p>
${parametersTable(op.parameters)}
${schemaBlock("Request body", contentSchema(op.requestBody))}
${success ? `<p>Answer: <code>${success[0]}</code></p>${schemaBlock("Response body", contentSchema(success[1]))}` : ""}
${errors.length ? `<details><summary>Errors</summary><p>${errors.join("<br>")}</p></details>` : ""}
</section>`;
}

export function renderDocsPage(document: JsonSchema): string {
  const info = document.info as { title: string; description: string; version: string };
  const views: OperationView[] = Object.entries(
    document.paths as Record<string, Record<string, JsonSchema>>,
  ).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method, path, op: op as OperationView["op"] })),
  );
  const tags = [...new Set(views.map((v) => v.op.tags?.[0] ?? "Other"))];
  const groups = tags
    .map((tag) => {
      const ops = views
        .filter((v) => (v.op.tags?.[0] ?? "Other") === tag)
        .map(renderOperation)
        .join("\n");
      return `<h2 id="tag-${esc(tag.replace(/\s+/g, "-"))}">${esc(tag)}</h2>\n${ops}`;
    })
    .join("\n");
  const webhook = (document.webhooks as Record<string, { post: OperationView["op"] }>).alert?.post;
  const server = (document.servers as { url: string }[])[0]?.url ?? "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(info.title)} reference</title><style>${STYLE}</style></head>
<body><header><h1>${esc(info.title)}</h1><p>Version ${esc(info.version)} · OpenAPI 3.1: <a style="color:#93c5fd" href="openapi.json">openapi.json</a></p></header>
<main>
<p>${esc(info.description)}</p>
<p>Base URL: <code>${esc(server)}</code></p>
<pre>curl -H "Authorization: Bearer cr_live_…" ${esc(server)}/monitors</pre>
<nav>${tags.map((tag) => `<a href="#tag-${esc(tag.replace(/\s+/g, "-"))}">${esc(tag)}</a>`).join("")}<a href="#webhooks">Webhooks</a></nav>
${groups}
<h2 id="webhooks">Webhooks</h2>
${webhook ? renderOperation({ method: "post", path: "(your webhook URL)", op: webhook }) : ""}
<pre>// Node.js, with the "standardwebhooks" package
import { Webhook } from "standardwebhooks";
const payload = new Webhook(process.env.CHANGERADAR_SECRET).verify(rawBody, headers); // throws if forged
if (alreadySeen(headers["webhook-id"])) return; // retries carry the same id</pre>
</main></body></html>
`;
}
