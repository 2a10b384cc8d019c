/** The branded frame every email shares: inline CSS only, since mail clients drop style sheets. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const colors = { slate: "#1e293b", muted: "#64748b", border: "#e2e8f0", background: "#f1f5f9" };

/** `bodyHtml` must already be escaped; use `paragraph` and `codeBlock` to build it. */
export function layout(title: string, bodyHtml: string, appUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px 0;background:${colors.background};font-family:'Public Sans',Helvetica,Arial,sans-serif;color:${colors.slate}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid ${colors.border};border-radius:12px">
<tr><td style="padding:20px 32px;border-bottom:1px solid ${colors.border}">
<a href="${escapeHtml(appUrl)}" style="font-size:20px;font-weight:600;color:${colors.slate};text-decoration:none">ChangeRadar</a>
</td></tr>
<tr><td style="padding:28px 32px;font-size:15px;line-height:1.6">
<h1 style="margin:0 0 16px;font-size:20px;font-weight:600">${escapeHtml(title)}</h1>
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid ${colors.border};font-size:12px;color:${colors.muted}">
ChangeRadar watches web pages and tells you when something meaningful changes.
</td></tr>
</table></td></tr></table></body></html>`;
}

export function paragraph(text: string): string {
  return `<p style="margin:0 0 14px">${escapeHtml(text).replaceAll("\n", "<br>")}</p>`;
}

export function codeBlock(code: string): string {
  return `<p style="margin:8px 0 20px;font-size:32px;font-weight:600;letter-spacing:8px;font-family:Menlo,Consolas,monospace">${escapeHtml(code)}</p>`;
}

export function detailsTable(rows: Array<[string, string]>): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:${colors.muted};vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td>` +
        `<td style="padding:6px 0">${escapeHtml(value).replaceAll("\n", "<br>")}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 14px;font-size:14px">${cells}</table>`;
}
