import type { Element, Root, RootContent } from "hast";
import rehypeParse from "rehype-parse";
import rehypeSanitize, { type Options as Schema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";
import { httpUrl, sanitisedStyleAttribute, sanitisedStylesheet } from "./sanitise-css";

const MAX_HTML_CHARS = 500_000;

/** Elements removed with everything inside: what runs, loads a document, or is not HTML. */
const removed = [
  "script",
  "noscript",
  "template",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "base",
  "meta",
  "audio",
  "video",
  "canvas",
  "portal",
];

/** The page structure the element picker selects from; other elements are unwrapped (children kept). */
const kept = [
  ...["html", "head", "title", "body", "main", "header", "footer", "nav", "aside", "section", "article"],
  ...["div", "span", "p", "h1", "h2", "h3", "h4", "h5", "h6", "a", "img", "picture", "figure", "figcaption"],
  ...["ul", "ol", "li", "dl", "dt", "dd", "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td"],
  ...["strong", "b", "em", "i", "u", "s", "small", "mark", "sub", "sup", "del", "ins", "code", "pre", "kbd"],
  ...["blockquote", "q", "cite", "abbr", "time", "data", "address", "br", "hr", "wbr", "details", "summary"],
  ...["form", "fieldset", "legend", "label", "input", "button", "select", "option", "optgroup", "textarea"],
  ...["output", "progress", "meter", "dialog", "center", "font"],
  // Their CSS is sanitised after the allow-list (sanitise-css.ts); links become inlined <style>s.
  ...["style", "link"],
];

/**
 * A parse5 (browser-grade) parse, then an allow-list: kept elements with their ids, classes, styles and a
 * few harmless attributes; http(s)/mailto/tel links and http(s) images; no scripts, handlers or frames.
 * Ids keep their names (no "user-content-" prefix) because the picker's selectors use them.
 */
const schema: Schema = {
  tagNames: kept,
  strip: removed,
  ancestors: {},
  required: {},
  clobber: [],
  clobberPrefix: "",
  allowComments: false,
  allowDoctypes: true,
  attributes: {
    "*": [
      ...["id", "className", "title", "lang", "dir", "role", "hidden", "ariaLabel", "ariaHidden", "data*"],
      "style",
    ],
    style: ["media"],
    link: ["rel", "href", "media"],
    a: ["href", "name"],
    img: ["src", "alt", "width", "height"],
    td: ["colSpan", "rowSpan"],
    th: ["colSpan", "rowSpan", "scope"],
    time: ["dateTime"],
    data: ["value"],
    input: ["type", "name", "value", "placeholder", "checked", "disabled", "readOnly"],
    button: ["type", "name", "value", "disabled"],
    select: ["name", "multiple", "disabled"],
    option: ["value", "selected", "disabled"],
    textarea: ["name", "placeholder", "disabled"],
    label: ["htmlFor"],
    meter: ["value", "min", "max"],
    progress: ["value", "max"],
  },
  protocols: { href: ["http", "https", "mailto", "tel"], src: ["http", "https"] },
};

const processor = unified().use(rehypeParse).use(rehypeSanitize, schema).use(rehypeStringify);

function isElement(node: RootContent | Root): node is Element {
  return node.type === "element";
}

function* elements(node: Root | Element): Generator<Element> {
  for (const child of node.children) {
    if (!isElement(child)) continue;
    yield child;
    yield* elements(child);
  }
}

/** Where the page's relative URLs point: its own <base href> if http(s), else its URL. */
function documentBase(tree: Root, pageUrl: string): string {
  for (const element of elements(tree)) {
    if (element.tagName !== "base" || typeof element.properties.href !== "string") continue;
    return httpUrl(element.properties.href, pageUrl) ?? pageUrl;
  }
  return pageUrl;
}

function stylesheetUrl(link: Element, base: string): string | null {
  const rel = link.properties.rel;
  const relations = (Array.isArray(rel) ? rel : [rel]).map((value) => String(value).toLowerCase());
  const href = link.properties.href;
  return relations.includes("stylesheet") && typeof href === "string" ? httpUrl(href, base) : null;
}

function styleElement(css: string, media: unknown): Element {
  const properties = typeof media === "string" ? { media } : {};
  return { type: "element", tagName: "style", properties, children: [{ type: "text", value: css }] };
}

function textOf(element: Element): string {
  return element.children.map((child) => (child.type === "text" ? child.value : "")).join("");
}

/** The kept element's CSS made safe, <link>s replaced by their fetched sheet, image URLs made absolute. */
function sanitiseStyles(parent: Root | Element, base: string, stylesheets: ReadonlyMap<string, string>) {
  parent.children = parent.children.flatMap((child): RootContent[] => {
    if (!isElement(child)) return [child];
    if (child.tagName === "link") {
      const href = stylesheetUrl(child, base);
      const css = href ? sanitisedStylesheet(stylesheets.get(href) ?? "", href) : "";
      return css ? [styleElement(css, child.properties.media)] : [];
    }
    if (child.tagName === "style") {
      const css = sanitisedStylesheet(textOf(child), base);
      return css ? [styleElement(css, child.properties.media)] : [];
    }
    const style = child.properties.style;
    if (typeof style === "string") {
      const safe = sanitisedStyleAttribute(style, base);
      if (safe) child.properties.style = safe;
      else delete child.properties.style;
    }
    if (child.tagName === "img" && typeof child.properties.src === "string") {
      const src = httpUrl(child.properties.src, base);
      if (src) child.properties.src = src;
      else delete child.properties.src;
    }
    sanitiseStyles(child, base, stylesheets);
    return [child];
  });
}

/** A page's HTML parsed once, with the URL its relative links resolve against. */
export interface ParsedPage {
  readonly tree: Root;
  readonly base: string;
}

/** Parses the page (the first MAX_HTML_CHARS); both functions below read the same tree. */
export function parsePage(html: string, pageUrl: string): ParsedPage {
  const tree = processor.parse(html.slice(0, MAX_HTML_CHARS));
  return { tree, base: documentBase(tree, pageUrl) };
}

/** The http(s) stylesheets the page links to, absolute, in document order (for the caller to fetch). */
export function linkedStylesheets({ tree, base }: ParsedPage): string[] {
  const urls = [...elements(tree)]
    .filter((element) => element.tagName === "link")
    .map((link) => stylesheetUrl(link, base));
  return [...new Set(urls.filter((url) => url !== null))];
}

/**
 * The page's HTML for the element picker, made inert but styled: its <style>s, style attributes and the
 * `stylesheets` (fetched for its <link>s, by absolute URL) are kept once sanitise-css.ts made them safe;
 * URLs are made absolute against `pageUrl` (or the page's <base>). The web app shows it in a sandboxed
 * iframe (no scripts) as a second line of defence. Only pages within the engine's parse caps reach this.
 */
export function sanitisedHtml(
  { tree, base }: ParsedPage,
  stylesheets: ReadonlyMap<string, string> = new Map(),
): string {
  // rehype-sanitize builds a new tree: the parsed one is left as it was.
  const clean = processor.runSync(tree);
  sanitiseStyles(clean, base, stylesheets);
  return processor.stringify(clean);
}
