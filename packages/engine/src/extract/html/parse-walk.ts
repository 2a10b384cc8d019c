import type { Document, Element } from "domhandler";
import { Parser } from "htmlparser2";
import { type PageText, parseText } from "../page-text";
import type { PageFacts } from "./page-facts";
import { PageWalker } from "./page-walker";
import { CappedHandler } from "./parse-capped";

/**
 * Parses a whole page and gathers its PageFacts in the same pass, from the parser's events as the tree is
 * built: no second walk over the tree. The tree is still built, since the facts point into it (a price
 * element's text and ancestors). Same caps as `parseCapped`; the same facts as `walkPage([document])`.
 */
export function parseAndWalk(html: PageText): { document: Document; facts: PageFacts } {
  const handler = new WalkingHandler();
  parseText(new Parser(handler), html);
  return { document: handler.root, facts: handler.walker.finish() };
}

class WalkingHandler extends CappedHandler {
  readonly walker = new PageWalker();
  /** Depth inside an element whose content the walk leaves out (script, style, svg…). */
  private ignored = 0;
  private cdata = 0;

  constructor() {
    super(undefined, {});
    this.walker.root(this.root);
  }

  override onopentag(name: string, attribs: Record<string, string>): void {
    super.onopentag(name, attribs);
    if (this.ignored > 0) this.ignored++;
    else if (!this.walker.open(this.tagStack[this.tagStack.length - 1] as Element)) this.ignored = 1;
  }

  override onclosetag(): void {
    const el = this.tagStack[this.tagStack.length - 1] as Element;
    super.onclosetag();
    if (this.ignored > 0) this.ignored--;
    else this.walker.close(el);
  }

  override ontext(data: string): void {
    super.ontext(data);
    if (this.ignored === 0 && this.cdata === 0) this.walker.text(data);
  }

  override oncdatastart(): void {
    super.oncdatastart();
    this.cdata++;
  }

  override oncdataend(): void {
    super.oncdataend();
    this.cdata--;
  }
}
