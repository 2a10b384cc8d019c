import { loadOnce } from "../load-once";

/**
 * Markdown (with GitHub's tables, task lists and strikethrough) to HTML that is safe to serve: raw HTML in
 * the source is dropped, and rehype-sanitize's GitHub schema removes scripts, event handlers and
 * `javascript:` URLs from whatever remains. Its modules are loaded by the first post written, not by every
 * server at start.
 */
async function createProcessor() {
  const [{ unified }, remarkParse, remarkGfm, remarkRehype, rehypeSanitize, rehypeStringify] =
    await Promise.all([
      import("unified"),
      import("remark-parse"),
      import("remark-gfm"),
      import("remark-rehype"),
      import("rehype-sanitize"),
      import("rehype-stringify"),
    ]);
  return unified()
    .use(remarkParse.default)
    .use(remarkGfm.default)
    .use(remarkRehype.default)
    .use(rehypeSanitize.default)
    .use(rehypeStringify.default);
}

const processor = loadOnce(createProcessor);

export async function markdownToSafeHtml(markdown: string): Promise<string> {
  return String(await (await processor()).process(markdown));
}

/** The first words of the text, for an excerpt the author left empty. */
export function plainExcerpt(markdown: string, max = 200): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]*>/g, " ")
    .replace(/[#>*_`~|-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}
