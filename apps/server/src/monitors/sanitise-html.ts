const MAX_HTML_CHARS = 500_000;

/**
 * The page's HTML for the element picker, with what could run or load elsewhere removed: scripts, frames,
 * embedded objects, <base>, meta refreshes, event-handler attributes and javascript: URLs. The web app
 * shows it in a sandboxed iframe as a second line of defence.
 */
export function sanitisedHtml(html: string): string {
  return html
    .slice(0, MAX_HTML_CHARS)
    .replace(/<(script|style|iframe|frame|frameset|object|embed|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<(script|iframe|frame|object|embed|base|link|meta)\b[^>]*>/gi, "")
    .replace(/\s(on[a-z]+|srcdoc|formaction)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, "")
    .replace(
      /(href|src|action|xlink:href)\s*=\s*(["']?)\s*(javascript|vbscript|data):[^"'\s>]*\2/gi,
      '$1="#"',
    );
}
