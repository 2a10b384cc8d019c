/**
 * Availability by weighing the evidence a page gives, in tiers:
 *  1. what the visitor sees stated or offered next to the product: a stock line near the title or price
 *     ("Sold out", "Only 2 left", "In stock"), the buy button (enabled add-to-cart) or a "notify me"
 *     button in its place;
 *  2. structured data (JSON-LD, microdata/RDFa, product meta), all offers together: one available
 *     variant makes the product available;
 *  3. weaker hints: a buy-button label in the text near the title, a disabled buy button (many shops
 *     disable it until a size is chosen).
 * The first tier with evidence decides; when its evidence disagrees (a "sold out" line and an enabled
 * buy button), the answer is "unknown" rather than a confident wrong one. Product tiles (related items,
 * a group of three or more look-alike siblings) are not the product on show and are left out.
 */
import type { Element } from "domhandler";
import type { Availability } from "../../snapshot";
import { textOf } from "../html/text-of";
import type { PageFacts } from "../html/walk";
import type { StructuredOffer } from "../price/json-ld";
import { pickingRules } from "../price/picking-rules";
import { productHeadings } from "../price/product-heading";
import { buyBoxLines, isInBuyBox } from "../price/visible-price";
import { insideRepeatedTile } from "./buy-controls";
import { amongChoices, classState } from "./class-state";
import { schemaAvailability } from "./schema-availability";
import { availabilityFromText, statedAvailability } from "./text-cues";
import { countsSomeOnHand, mayBeUnreadStatus, offersToBuy } from "./unread-status";
import { aboutAnOption, controlLabel, namesAnOption } from "./variant-option";

/** What the visible page says, strongest first; `conflict` when the strong evidence disagrees. */
export interface VisibleStock {
  strong: Availability | "conflict" | null;
  weak: Availability | null;
  /** A stock element the cues cannot read, on a page with no way to buy: its status is not known. */
  unread: boolean;
}

export interface StockDecision {
  availability: Availability;
  /** The evidence disagreed: "unknown" on purpose, not for lack of evidence. */
  conflict: boolean;
}

const maxStockLineChars = 200;
const shortStatusChars = 40;

type Side = "available" | "unavailable" | "other";

function sideOf(availability: Availability): Side {
  if (availability === "in_stock" || availability === "limited") return "available";
  if (availability === "out_of_stock") return "unavailable";
  return "other";
}

/** One answer from several pieces of evidence: the most specific of one side, or conflict. */
function agree(found: readonly Availability[]): Availability | "conflict" | null {
  if (found.length === 0) return null;
  const sides = new Set(found.map(sideOf));
  if (sides.has("available") && sides.has("unavailable")) return "conflict";
  // Specific beats generic within one side: "only 2 left" over "in stock", "pre-order" over "available".
  for (const preferred of ["out_of_stock", "preorder", "backorder", "limited", "in_stock"] as const)
    if (found.includes(preferred)) return preferred;
  return found[0] as Availability;
}

/** Structured availability over all offers: one available variant makes the product available. */
export function structuredAvailability(
  offers: readonly StructuredOffer[],
  meta: Map<string, string>,
): Availability | null {
  const values = offers.map((o) => o.availability).filter((a): a is Availability => a !== null);
  const fromMeta = schemaAvailability(meta.get("product:availability") ?? meta.get("og:availability"));
  if (fromMeta !== null) values.push(fromMeta);
  if (values.length === 0) return null;
  if (values.some((v) => sideOf(v) === "available"))
    return values.includes("in_stock") ? "in_stock" : "limited";
  return agree(values) === "conflict" ? null : (agree(values) as Availability);
}

/** The visible evidence: stock lines near the product, its buy button, and the weaker hints. */
export function visibleAvailability(page: PageFacts): VisibleStock {
  const headings = productHeadings(page);
  const strong: Availability[] = [];
  let tileStart = Number.POSITIVE_INFINITY;
  let counted = false;
  let unread = false;
  for (const { element, line } of page.stockElements) {
    // An element the page itself names as the stock status speaks after any h1, not only the one that
    // names the product: badge and review h1s mislead a scan of plain lines, not a named stock element.
    if (!isInBuyBox(page.headingLines, line)) continue;
    if (pickingRules.tiles && insideRepeatedTile(element)) {
      tileStart = Math.min(tileStart, line);
      continue;
    }
    const text = textOf(element, maxStockLineChars);
    if (text.length >= maxStockLineChars || aboutOneChannel(element) || aboutAnOption(element)) continue;
    // Words no cue knows: the state the template wrote into the element's class says it.
    const found =
      stockStatement(text) ?? (text.trim() === "" || aboutChannel(text) ? null : classState(element));
    if (found !== null) strong.push(found);
    else if (countsSomeOnHand(text)) counted = true;
    else if (mayBeUnreadStatus(text)) unread = true;
  }
  const weak: Availability[] = counted ? ["in_stock"] : [];
  // Controls past a section heading may belong to another product: they count only when nothing
  // closer to the title speaks.
  const later: Availability[] = [];
  const choiceLabels = new Set<string>();
  for (const control of page.buyControls) {
    if (!isInBuyBox(headings, control.line)) continue;
    if (pickingRules.tiles && insideRepeatedTile(control.element)) continue;
    // A sold-out size among the size buttons: that size is gone, not the product.
    if (
      control.kind === "notify" &&
      (namesAnOption(controlLabel(control.element)) ||
        aboutAnOption(control.element) ||
        (control.disabled && amongChoices(control.element)))
    ) {
      // Its label is a line of the page too: that line speaks for the choice, not the product.
      choiceLabels.add(textOf(control.element, maxStockLineChars).trim());
      continue;
    }
    const tier = inProductSection(page, headings, control.line) ? strong : later;
    if (control.kind === "notify") tier.push("out_of_stock");
    else if (control.disabled) weak.push("out_of_stock");
    else tier.push("in_stock");
  }
  // The lines right after the product title, up to where product tiles begin. The windows of an article's
  // many headings overlap: a line is read once, however many windows hold it.
  const starts = headings.length > 0 ? headings : [0];
  const readings: (LineReading | undefined)[] = [];
  for (const start of starts) {
    const end = Math.min(start + buyBoxLines, tileStart > start ? tileStart : start + buyBoxLines);
    let found = false;
    for (let i = start; i < end && i < page.lines.length; i++) {
      const line = page.lines[i] as string;
      if (line.length > maxStockLineChars) continue;
      // A bare status ("Not available") takes its channel from the label on the line before it.
      const label = line.length <= shortStatusChars && i > start ? (page.lines[i - 1] ?? "") : "";
      let reading = readings[i];
      if (reading === undefined) readings[i] = reading = readLine(line, choiceLabels);
      const stated = aboutChannel(label) ? null : reading.statement;
      if (stated !== null) {
        strong.push(stated);
        found = true;
      } else if (reading.hint !== null) {
        weak.push(reading.hint);
      }
    }
    if (found) break;
  }
  const weakAnswer = agree(weak);
  return {
    strong: agree(strong.length > 0 ? strong : later),
    weak: weakAnswer === "conflict" ? null : weakAnswer,
    unread: unread && !offersToBuy(page, headings),
  };
}

/**
 * Availability for one channel (pick-up in a store, delivery to a region) is not the product's stock:
 * "In-store pick-up: not available" says nothing about buying it online.
 */
const channelQualifier =
  /(?<![\p{L}])(?:in[- ]?store|store pick-?up|pick-?up|click (?:&|and) collect|collect(?:ion)? in|retiro|en tienda|retrait|en magasin|abholung|in der filiale|im markt|ritiro|in negozio|in de winkel|na loja|w sklepie|odbiór|delivery to|lieferung nach)(?![\p{L}])/iu;

/**
 * Channel names that speak for the line they stand on or label ("Collection: not available", "Collect+",
 * "International delivery"), but are too common to mark a whole block of text around a stock element.
 */
const channelLabel = /(?<![\p{L}])(?:collection|collect\+|international (?:delivery|shipping))(?![\p{L}])/iu;
const aboutChannel = (text: string) => channelQualifier.test(text) || channelLabel.test(text);

/** The label around a short status ("Pick-up in store: Not available") says which channel it is about. */
function aboutOneChannel(element: Element): boolean {
  let current = element.parent;
  for (let depth = 0; depth < 3 && current !== null && current.type === "tag"; depth++) {
    if (channelQualifier.test(textOf(current, maxStockLineChars))) return true;
    current = current.parent;
  }
  return false;
}

/**
 * A line under a variant's label ("Taille : XS – épuisé S M", "Size: L - Sold out") is about that variant:
 * other sizes may be on sale.
 */
const variantLabel =
  /(?<![\p{L}])(?:size|taille|größe|grösse|talla|taglia|maat|tamanho|rozmiar|velikost|veľkosť|méret|storlek|størrelse|koko|beden|размер|розмір|μέγεθος|mărime|veličina|kích thước|ukuran|サイズ|尺码|尺寸|사이즈)\s*:/iu;

/** A line without the labels of sold-out choices inline in it ("Red – Sold out Blue Add to cart"). */
function withoutChoices(line: string, labels: ReadonlySet<string>): string {
  let rest = line;
  for (const label of labels) if (label !== "") rest = rest.replace(label, " ");
  return rest;
}

/** A question ("Sold out? Notify me", "Is this product out of stock?") asks; it does not state. */
const question = /[?？؟]/;

/** `known`: `statedAvailability(text)`, when the caller has it already (null included: it states nothing). */
function stockStatement(text: string, known?: Availability | null): Availability | null {
  if (aboutChannel(text) || variantLabel.test(text) || question.test(text)) return null;
  const stated = known === undefined ? statedAvailability(text) : known;
  // "XS – Sold out", "40 Ausverkauft": one size is gone.
  return stated === "out_of_stock" && namesAnOption(text) ? null : stated;
}

/** A line near a product title, read as a stock statement and, when it makes none, as a weaker hint. */
interface LineReading {
  /** `stockStatement` of the line without the sold-out choices' labels. */
  statement: Availability | null;
  /** `availabilityFromText` of the whole line. */
  hint: Availability | null;
}

/** The line's stock cues are read once for both. */
function readLine(line: string, choiceLabels: ReadonlySet<string>): LineReading {
  const stated = statedAvailability(line);
  const text = withoutChoices(line, choiceLabels);
  return {
    statement: text === line ? stockStatement(line, stated) : stockStatement(text),
    hint: availabilityFromText(line, stated),
  };
}

/**
 * A buy control belongs to the product on show when it sits between a product title (h1) and the next
 * section heading (h2/h3: "Related products", "Customers also bought") within the buy box.
 */
function inProductSection(page: PageFacts, headings: number[], line: number): boolean {
  if (headings.length === 0) return true;
  return headings.some((heading) => {
    if (line < heading || line > heading + buyBoxLines) return false;
    const nextSection = page.sectionLines.find((section) => section > heading);
    return nextSection === undefined || line < nextSection;
  });
}

/** Tier by tier: the visible page, then structured data, then the weak hints. */
export function pickAvailability(
  offers: StructuredOffer[],
  meta: Map<string, string>,
  visible: VisibleStock,
): StockDecision {
  if (visible.strong === "conflict") return { availability: "unknown", conflict: true };
  if (visible.strong !== null) return { availability: visible.strong, conflict: false };
  const structured = structuredAvailability(offers, meta);
  if (structured !== null) return { availability: structured, conflict: false };
  if (visible.weak !== null) return { availability: visible.weak, conflict: false };
  return { availability: "unknown", conflict: visible.unread };
}
