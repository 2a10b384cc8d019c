import rehypeParse from "rehype-parse";
import rehypeSanitize, { type Options as Schema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";

const MAX_HTML_CHARS = 500_000;

/** Elements removed with everything inside: what runs, loads a document, restyles, or is not HTML. */
const removed = [
  "script",
  "style",
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
  "link",
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
];

/**
 * A parse5 (browser-grade) parse, then an allow-list: kept elements with their ids, classes and a few
 * harmless attributes; http(s)/mailto/tel links and http(s) images; no scripts, handlers, styles or
 * frames. Ids keep their names (no "user-content-" prefix) because the picker's selectors use them.
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
    "*": ["id", "className", "title", "lang", "dir", "role", "hidden", "ariaLabel", "ariaHidden", "data*"],
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

/**
 * The page's HTML for the element picker, made inert. The web app shows it in a sandboxed iframe (no
 * scripts) as a second line of defence. Only pages within the engine's parse caps reach this.
 */
export function sanitisedHtml(html: string): string {
  return String(processor.processSync(html.slice(0, MAX_HTML_CHARS)));
}
