/** Elements whose content is never visible text. */
export const skippedTags = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "math",
  "head",
  "iframe",
  "object",
  "embed",
  "canvas",
  "select",
  "datalist",
  "audio",
  "video",
]);

/** Elements that start and end a line of text. */
export const blockTags = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "br",
  "caption",
  "center",
  "dd",
  "details",
  "dialog",
  "dir",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "html",
  "legend",
  "li",
  "main",
  "menu",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "tfoot",
  "thead",
  "tr",
  "ul",
]);

/** Elements whose boundaries separate words without breaking the line. */
export const spacedTags = new Set(["td", "th", "button", "label", "input", "img", "option", "textarea"]);

/** Page furniture: repeated entries inside these are navigation, not content. */
export const furnitureTags = new Set(["nav", "header", "footer", "aside"]);

export const skippedKind = 1;
export const blockKind = 2;
export const spacedKind = 4;
export const furnitureKind = 8;

/** The sets above as one bit mask per tag name: the page walk asks once per element instead of four times. */
export const tagKinds = new Map<string, number>();
for (const [tags, kind] of [
  [skippedTags, skippedKind],
  [blockTags, blockKind],
  [spacedTags, spacedKind],
  [furnitureTags, furnitureKind],
] as const) {
  for (const tag of tags) tagKinds.set(tag, (tagKinds.get(tag) ?? 0) | kind);
}
