import type { PageFacts } from "../html/walk";
import { pickingRules } from "./picking-rules";

interface ProductHeadings {
  lines: number[];
  /** Whether the lines name the product (the title repeats them), not merely every h1 for want of one. */
  named: boolean;
}

const headingMemo = new WeakMap<PageFacts, ProductHeadings>();

const normalised = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** How much of a heading must appear in the page title to name the product: its first characters. */
const namingChars = 20;

/** A line standing in for a missing heading must hold at least this share of the title's text. */
const namingShare = 0.5;
const maxNamingLine = 200;

/**
 * The h1 lines that name the product on show: those whose text the page's title (or og:title) repeats.
 * Pages carry other h1s too (a "15% off" badge, review titles, "Your basket is empty"); the buy box is
 * the block after the product's own name. When no h1 names it (templates that put the name in an h2 or a
 * plain div, and use h1s for menus or tiles below), the first line before any h1 that the title repeats
 * for at least half of its text stands in for the heading (after an h1, that h1 is more likely the name
 * in other words). Without either, every h1 counts.
 */
export function productHeadings(page: PageFacts): number[] {
  return headingsOf(page).lines;
}

/** Whether the page names its product in a heading (or a line standing for one) that its title repeats. */
export function namesItsProduct(page: PageFacts): boolean {
  return headingsOf(page).named;
}

function headingsOf(page: PageFacts): ProductHeadings {
  if (!pickingRules.titleHeading) return { lines: page.headingLines, named: false };
  const memo = headingMemo.get(page);
  if (memo !== undefined) return memo;
  const titles = [page.title ?? "", page.meta.get("og:title") ?? ""].map(normalised).filter((t) => t !== "");
  const naming = page.headingLines.filter((line) => {
    const heading = normalised(page.lines[line] ?? "")
      .slice(0, namingChars)
      .trim();
    return heading.length >= 4 && titles.some((title) => title.includes(heading));
  });
  const namingLine = naming.length > 0 ? -1 : lineNamingTheProduct(page, titles);
  const chosen =
    naming.length > 0
      ? { lines: naming, named: true }
      : namingLine >= 0
        ? { lines: [namingLine], named: true }
        : { lines: page.headingLines, named: false };
  headingMemo.set(page, chosen);
  return chosen;
}

/** The first line before any h1 whose whole text the title repeats, covering half the title: the name. */
function lineNamingTheProduct(page: PageFacts, titles: string[]): number {
  const longest = Math.max(0, ...titles.map((t) => t.length));
  const shortest = Math.max(4, Math.ceil(longest * namingShare));
  const end = Math.min(page.lines.length, page.headingLines[0] ?? page.lines.length);
  for (let i = 0; i < end; i++) {
    const line = page.lines[i] as string;
    if (line.length < shortest || line.length > maxNamingLine) continue;
    const text = normalised(line);
    if (text.length >= shortest && titles.some((title) => title.includes(text))) return i;
  }
  return -1;
}
