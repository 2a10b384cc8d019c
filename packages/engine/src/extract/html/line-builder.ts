/** Accumulates text chunks and turns them into whitespace-collapsed lines at block boundaries. */
export class LineBuilder {
  readonly lines: string[] = [];
  private chunks: string[] = [];

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
    this.chunks = [];
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
  const visible = hasZeroWidth.test(text) ? text.replace(zeroWidth, "") : text;
  return visible.replace(whitespaceRun, " ").trim();
}
