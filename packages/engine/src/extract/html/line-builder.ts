/** Accumulates text chunks and turns them into whitespace-collapsed lines at block boundaries. */
export class LineBuilder {
  readonly lines: string[] = [];
  private readonly chunks: string[] = [];

  add(text: string): void {
    // Indentation between block elements is most text nodes of a page: drop it before any work.
    if (this.chunks.length === 0 && isBlank(text)) return;
    this.chunks.push(text);
  }

  /** Text that is not separated by markup must not glue words together (table cells, inline-blocks). */
  space(): void {
    if (this.chunks.length > 0) this.chunks.push(" ");
  }

  /** Pre-formatted text keeps its own line breaks. */
  addPreformatted(text: string): void {
    const parts = text.split("\n");
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) this.breakLine();
      this.chunks.push(parts[i] as string);
    }
  }

  breakLine(): void {
    if (this.chunks.length === 0) return;
    const line = collapseWhitespace(this.chunks.join(""));
    this.chunks.length = 0;
    if (line !== "") this.lines.push(line);
  }
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13 && c !== 12) return false;
  }
  return true;
}

const whitespaceRun = /\s+/g;
const zeroWidth = /[\u200b-\u200d\u2060\ufeff]/g;
const hasZeroWidth = /[\u200b-\u200d\u2060\ufeff]/;

/** Runs of whitespace become one space; zero-width characters go (they are invisible). */
export function collapseWhitespace(text: string): string {
  if (isCollapsed(text)) return text;
  const visible = hasZeroWidth.test(text) ? text.replace(zeroWidth, "") : text;
  return visible.replace(whitespaceRun, " ").trim();
}

/**
 * Most lines need no work: one scan that finds no leading, trailing, doubled or non-space whitespace and
 * nothing at or above U+00A0 that could be whitespace or zero-width (those take the regex path).
 */
function isCollapsed(text: string): boolean {
  const last = text.length - 1;
  let previousSpace = true;
  for (let i = 0; i <= last; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      if (previousSpace || i === last) return false;
      previousSpace = true;
    } else if (c < 32 || (c >= 0xa0 && mayBeSpaceOrZeroWidth(c))) {
      return false;
    } else {
      previousSpace = false;
    }
  }
  return true;
}

function mayBeSpaceOrZeroWidth(c: number): boolean {
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200d) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x2060 ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
