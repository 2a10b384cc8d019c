import postcss, { type AtRule, type Container, type Declaration, type Root } from "postcss";

/** At-rules a page's look needs; anything else (@import is handled apart) is dropped. */
const keptAtRules = new Set([
  "media",
  "supports",
  "font-face",
  "keyframes",
  "-webkit-keyframes",
  "layer",
  "container",
  "page",
  "charset",
]);

/** Values that run script in old browsers or name a scheme other than http(s), however escaped. */
const activeValue = /expression\s*\(|javascript:|vbscript:|livescript:|data:|mocha:|-moz-binding/i;
/** Properties that attach script (old IE behaviors, Firefox XBL bindings). */
const scriptProperties = new Set(["behavior", "-ms-behavior", "-moz-binding"]);
/** URL-bearing functions whose arguments are not url() tokens, so cannot be rewritten here. */
const unrewritableUrls = /(^|[^a-z0-9-])(image-set|-webkit-image-set|src)\s*\(/i;
const urlToken = /url\(\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|([^)\s"'\\]*))\s*\)/gi;

/** CSS escapes (`\6a`, `\J`) and comments undone, as the browser's tokenizer would read them. */
function decoded(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, "")
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
    })
    .replace(/\\([^\n])/g, "$1");
}

/** An absolute http(s) URL for `reference` resolved against `base`, or null. */
export function httpUrl(reference: string, base: string): string | null {
  try {
    const url = new URL(reference.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function quoted(url: string): string {
  return `"${url.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\n\r\f]/g, "")}"`;
}

/**
 * A value with its url()s absolute and http(s), or null when it must go: script-running or non-http(s)
 * content, or URLs hidden behind escapes or in functions whose URLs cannot be rewritten.
 */
function safeValue(value: string, base: string): string | null {
  const plain = decoded(value);
  if (activeValue.test(plain) || unrewritableUrls.test(plain)) return null;
  const urlCount = plain.match(/url\(/gi)?.length ?? 0;
  if (urlCount === 0) return value;
  // url( spelled with escapes or comments cannot be matched reliably on the raw text: drop it.
  if (/\\|\/\*/.test(value)) return null;
  let rewritten = 0;
  let refused = false;
  const result = value.replace(urlToken, (_match, double?: string, single?: string, bare?: string) => {
    rewritten++;
    const absolute = httpUrl(double ?? single ?? bare ?? "", base);
    if (!absolute) refused = true;
    return `url(${quoted(absolute ?? "")})`;
  });
  return refused || rewritten !== urlCount ? null : result;
}

function decodedName(name: string): string {
  return decoded(name).toLowerCase();
}

function sanitiseDeclaration(declaration: Declaration, base: string) {
  const property = decodedName(declaration.prop);
  const value = safeValue(declaration.value, base);
  if (value === null || scriptProperties.has(property)) declaration.remove();
  else {
    declaration.value = value;
    // The raw text may differ from the checked value (comments): only the checked value is written.
    delete declaration.raws.value;
  }
}

/** @import kept only when it names an http(s) stylesheet, rewritten absolute. */
function sanitiseImport(rule: AtRule, base: string) {
  const params = rule.params.trim();
  const target = /^(?:url\(\s*)?(["']?)([^"')\s]*)\1\s*\)?(.*)$/is.exec(params);
  const absolute = target && !/\\/.test(params) ? httpUrl(target[2] ?? "", base) : null;
  if (!absolute || activeValue.test(decoded(target?.[3] ?? ""))) rule.remove();
  else rule.params = `url(${quoted(absolute)})${target?.[3] ? ` ${target[3].trim()}` : ""}`;
}

function sanitiseContainer(container: Container, base: string) {
  container.each((node) => {
    if (node.type === "comment") node.remove();
    else if (node.type === "decl") sanitiseDeclaration(node, base);
    else if (node.type === "atrule") {
      const name = decodedName(node.name);
      if (name === "import") sanitiseImport(node, base);
      else if (!keptAtRules.has(name)) node.remove();
      else if (node.nodes) sanitiseContainer(node, base);
      else if (name !== "charset" && name !== "layer") node.remove();
    } else if (node.type === "rule") sanitiseContainer(node, base);
  });
}

/** `<` never leaves the sanitiser raw, so the CSS cannot close its <style> element. */
function serialised(root: Root | Container): string {
  return root.toString().replace(/</g, "\\3c ");
}

/**
 * A page's stylesheet made safe to show: no script-running CSS (expression(), behaviors, bindings,
 * javascript: or data: URLs), only http(s) url()s and @imports, made absolute against `base`.
 * Unparseable CSS is dropped whole. Selectors stay: they only choose what the page's own rules style.
 */
export function sanitisedStylesheet(css: string, base: string): string {
  try {
    const root = postcss.parse(css);
    sanitiseContainer(root, base);
    return serialised(root).trim();
  } catch {
    return "";
  }
}

/** A style attribute's declarations made safe the same way; "" when none survive. */
export function sanitisedStyleAttribute(css: string, base: string): string {
  try {
    const rule = postcss.parse(`a{${css}}`).first;
    if (rule?.type !== "rule" || css.includes("}")) return "";
    sanitiseContainer(rule, base);
    return rule.nodes
      .map((node) => node.toString())
      .join("; ")
      .replace(/</g, "\\3c ");
  } catch {
    return "";
  }
}
