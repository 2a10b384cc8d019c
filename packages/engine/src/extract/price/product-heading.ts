import type { PageFacts } from "../html/walk";
import { pickingRules } from "./picking-rules";

const headingMemo = new WeakMap<PageFacts, number[]>();

const normalised = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** How much of a heading must appear in the page title to name the product: its first characters. */
const namingChars = 30;

/**
 * The h1 lines that name the product on show: those whose text the page's title (or og:title) repeats.
 * Pages carry other h1s too (a "15% off" badge, review titles, "Your basket is empty"); the buy box is
 * the block after the product's own name. Without a heading the title repeats, every h1 counts.
 */
export function productHeadings(page: PageFacts): number[] {
  if (!pickingRules.titleHeading) return page.headingLines;
  const memo = headingMemo.get(page);
  if (memo !== undefined) return memo;
  const titles = [page.title ?? "", page.meta.get("og:title") ?? ""].map(normalised).filter((t) => t !== "");
  const naming = page.headingLines.filter((line) => {
    const heading = normalised(page.lines[line] ?? "")
      .slice(0, namingChars)
      .trim();
    return heading.length >= 4 && titles.some((title) => title.includes(heading));
  });
  const chosen = naming.length > 0 ? naming : page.headingLines;
  headingMemo.set(page, chosen);
  return chosen;
}
