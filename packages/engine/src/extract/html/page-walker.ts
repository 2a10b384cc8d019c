import type { Element, ParentNode } from "domhandler";
import { classFactsOfValue } from "./class-facts";
import { LineBuilder } from "./line-builder";
import {
  collectBuyControl,
  collectHeadFacts,
  collectMarkup,
  collectVisible,
  emptyPageFacts,
  maxBuyControls,
  type PageFacts,
} from "./page-facts";
import { PathTree } from "./path-tree";
import { blockKind, furnitureKind, skippedKind, spacedKind, tagKinds } from "./tags";
import { hiddenBy } from "./visibility";
import { WalkAttributes } from "./walk-attributes";

/**
 * Builds PageFacts from a page's elements and text in document order: the same events whether they come
 * from walking a parsed tree (a scope's elements) or straight from the parser as it builds the tree (the
 * whole page, no second pass). An element is opened before its content and closed after it. Facts that
 * read an element's content (a title, a JSON-LD script, a button's label, a list's children) are settled
 * in `finish`, when every element is complete, in document order.
 */
export class PageWalker {
  private readonly facts = emptyPageFacts();
  private readonly lines = new LineBuilder();
  private readonly paths = new PathTree();
  private suppressed = 0; // > 0 inside head or a hidden subtree: structured data only, nothing visible
  private readonly suppressors: Element[] = [];
  private furniture = 0;
  private preformatted = 0;
  /** The tag kinds of the open elements, innermost last: a close needs no second look-up. */
  private readonly openKinds: number[] = [];
  private readonly titles: Element[] = [];
  private readonly jsonLdScripts: Element[] = [];
  private readonly listCandidates: ParentNode[] = [];
  private readonly controls: Element[] = [];
  private readonly controlTargets: string[] = [];
  private readonly controlLines: number[] = [];
  /** The open forms that add to the cart, innermost last: their submit buttons are buy controls. */
  private readonly buyForms: Element[] = [];
  /** The attributes of the element being opened (read once per element, walk-attributes.ts). */
  private readonly attributes = new WalkAttributes();

  /** A document root: a bare fragment (a link list without <html>) has its entries at the top level. */
  root(node: ParentNode): void {
    this.listCandidates.push(node);
  }

  /** Returns false for an element whose content the walk leaves out (script, style, svg…): no close follows. */
  open(el: Element): boolean {
    if (el.type === "script") {
      if (el.attribs.type?.toLowerCase() === "application/ld+json") this.jsonLdScripts.push(el);
      return false;
    }
    if (el.type !== "tag") return false;
    const name = el.name;
    if (name === "title") this.titles.push(el);
    else collectHeadFacts(el, this.facts);
    const attributes = this.attributes.read(el.attribs);
    collectMarkup(el, this.facts, attributes);
    const kind = tagKinds.get(name) ?? 0;
    if (kind & skippedKind && name !== "head") return false;

    const classes = classFactsOfValue(attributes.class);
    if (name === "head" || hiddenBy(name, attributes, classes)) {
      this.suppressed++;
      this.suppressors.push(el);
    }
    const visible = this.suppressed === 0;
    this.paths.enter(el, visible, classes);
    if (visible) {
      if (kind & blockKind) this.lines.breakLine();
      else if (kind & spacedKind) this.lines.space();
      collectVisible(el, this.facts, this.lines, classes, attributes);
      if (this.furniture === 0) this.listCandidates.push(el);
      if (purchaseCandidate(name)) this.deferControl(el);
    }
    if (kind & furnitureKind) this.furniture++;
    if (name === "pre") this.preformatted++;
    this.openKinds.push(kind);
    return true;
  }

  close(el: Element): void {
    const kind = this.openKinds.pop() as number;
    if (kind & blockKind) this.lines.breakLine();
    else if (kind & spacedKind) this.lines.space();
    if (this.suppressors[this.suppressors.length - 1] === el) {
      this.suppressors.pop();
      this.suppressed--;
    }
    if (kind & furnitureKind) this.furniture--;
    if (el.name === "pre") this.preformatted--;
    if (this.buyForms[this.buyForms.length - 1] === el) this.buyForms.pop();
    this.paths.leave();
  }

  /** Text in document order; a text node may arrive in pieces (the lines come out the same). */
  text(data: string): void {
    if (this.suppressed > 0) return;
    if (this.preformatted > 0) this.lines.addPreformatted(data);
    else this.lines.add(data);
  }

  finish(): PageFacts {
    const facts = this.facts;
    this.lines.breakLine();
    facts.lines = this.lines.lines;
    facts.paths = this.paths.sortedVisible();
    for (const title of this.titles) {
      const first = title.children[0];
      if (first?.type === "text") {
        facts.title = first.data;
        break;
      }
    }
    for (const script of this.jsonLdScripts) {
      const first = script.children[0];
      if (first?.type === "text") facts.jsonLd.push(first.data);
    }
    for (const candidate of this.listCandidates)
      if (candidate.children.length >= 3) facts.listParents.push(candidate);
    for (let i = 0; i < this.controls.length && facts.buyControls.length < maxBuyControls; i++)
      collectBuyControl(
        this.controls[i] as Element,
        this.controlTargets[i] as string,
        facts,
        this.controlLines[i] as number,
      );
    return facts;
  }

  /** A visible link, button or input: whether it is a buy control needs its label, read in `finish`. */
  private deferControl(el: Element): void {
    const a = el.attribs;
    const name = el.name;
    let target = `${a.action ?? ""} ${a.id ?? ""} ${a.class ?? ""} ${a.name ?? ""} ${name === "a" ? (a.href ?? "") : ""}`;
    const buys = purchaseControl.test(target);
    if (!this.facts.hasPurchaseControl) this.facts.hasPurchaseControl = buys;
    // A form is the container; its submit button is the control (and carries the state), named by the form's
    // action whatever its label's language ("<form action=/cart/add><button disabled>Uppselt</button>").
    if (name === "form") {
      if (buys) this.buyForms.push(el);
      return;
    }
    const form = this.buyForms[this.buyForms.length - 1];
    if (form !== undefined && submits(el)) target = `${form.attribs.action ?? ""} ${target}`;
    this.controls.push(el);
    this.controlTargets.push(target);
    this.controlLines.push(this.lines.lines.length);
  }
}

const purchaseControl =
  /(?:add|buy)[-_/ ]?(?:to[-_ ]?)?(?:cart|basket|bag|trolley)|(?:cart|basket|bag)[-_/]?add|button[-_]cart|buy[-_]?(?:now|button|btn|process|product)/i;

/** A button that submits its form: a <button> without another type, or an <input type=submit>. */
function submits(el: Element): boolean {
  const type = el.attribs.type?.toLowerCase();
  if (el.name === "button") return type === undefined || type === "submit";
  return el.name === "input" && (type === "submit" || type === "image");
}

const purchaseCandidate = (name: string): boolean =>
  name === "form" || name === "button" || name === "input" || name === "a";
