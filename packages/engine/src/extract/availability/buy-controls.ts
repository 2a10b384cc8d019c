/**
 * The buy button and its state: an enabled add-to-cart is a visitor able to buy; "notify me when back"
 * instead of a buy button is a visitor who cannot. Variant pickers (size or colour buttons, some
 * disabled) are not buy controls: only controls whose attributes or label say buy / notify count.
 */
import type { AnyNode, Element } from "domhandler";

export type ControlKind = "buy" | "notify";

export interface BuyControl {
  element: Element;
  line: number;
  kind: ControlKind;
  disabled: boolean;
}

/** Whole-word alternatives, case-insensitive, with word boundaries that understand accented letters. */
export const phrases = (...alternatives: string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join("|")})(?![\\p{L}])`, "iu");

const buyAttribute =
  /(?:add|buy)[-_/ ]?(?:to[-_ ]?)?(?:cart|basket|bag|trolley)|(?:cart|basket|bag)[-_/]?add|button[-_]cart|buy[-_]?(?:now|button|btn|product)|add-?to-?order|checkout-?button/i;
const notifyAttribute =
  /notify[-_]?me|back[-_]?in[-_]?stock|stock[-_]?(?:alert|notif)|restock[-_]?(?:alert|notif)|wait[-_]?list|out[-_]?of[-_]?stock[-_]?(?:form|button|btn)/i;

/** What buy buttons say, in the languages shops write in (phrasing, not brands). */
export const buyLabel = phrases(
  "add to (?:your |my )?(?:cart|basket|bag|trolley|order)",
  "buy (?:it )?now",
  "in den (?:warenkorb|einkaufswagen)",
  "jetzt kaufen",
  "ajouter au (?:panier|caddie)",
  "acheter(?: maintenant)?",
  "añadir (?:al carrito|a la cesta)",
  "agregar al carrito",
  "comprar(?: ahora| agora)?",
  "aggiungi al carrello",
  "acquista(?: ora)?",
  "in (?:de )?winkelwagen",
  "bestellen",
  "adicionar ao carrinho",
  "do košíka",
  "do košíku",
  "do koszyka",
  "kosárba",
  "în coș",
  "adaugă în coș",
  "lägg i (?:varukorgen|kundvagnen)",
  "læg i kurv",
  "legg i handlekurven",
  "lisää ostoskoriin",
  "sepete ekle",
  "в корзину",
  "купить",
  "у кошик",
  "στο καλάθι",
  "προσθήκη στο καλάθι",
  "dodaj do koszyka",
  "u košaricu",
  "v košarico",
  "thêm vào giỏ",
  "mua ngay",
  "tambah ke troli",
  "masukkan keranjang",
  "เพิ่มลงตะกร้า",
  "הוסף לסל",
  "أضف إلى السلة",
  "أضف للسلة",
  "افزودن به سبد",
);
const buyLabelCjk =
  /カートに入れる|カートへ|購入する|加入购物车|加入購物車|立即购买|立即購買|장바구니 담기|장바구니|구매하기/;

export const notifyLabel = phrases(
  "notify me",
  "email me when (?:it(?:'s| is) )?(?:back|available|in stock)",
  "let me know when",
  "alert me when",
  "benachrichtig(?:en|ung)",
  "m'alerter",
  "me prévenir",
  "prévenez-moi",
  "avísame",
  "avisarme",
  "avisar(?:me)? cuando",
  "avvisami",
  "houd me op de hoogte",
  "avise-me",
  "me avis[ae]",
  "powiadom(?: mnie)?(?: o dostępności)?",
  "hlídat dostupnost",
  "értesítést kérek",
  "bevaka",
  "upozornit",
  "сообщить о (?:поступлении|наличии)",
  "повідомити про наявність",
  "meddela mig",
  "giv mig besked",
  "gelince haber ver",
  "ob(?:a|ve)?vijesti me",
  "obvesti me",
  "varsl(?:e)? meg",
  "underret mig",
  "ilmoita (?:minulle|kun)",
  "(?:с|по)(?:пов|вед|общ)\\p{L}*(?: мне)? (?:о|про|когда|коли)",
  "уведомить",
  "сповістити",
  "ενημ\\p{L}* με",
  "μείνε ενήμερος",
  "beri ?tahu saya",
  "maklumkan saya",
  "thông báo (?:cho tôi|khi)",
  "(?:anunță|anunta|notifică)-mă",
  "értesít\\p{L}*",
);
export const notifyLabelCjk =
  /入荷(?:お知らせ|通知)|入荷したら|到[货貨](?:通知|提醒)|[补補][货貨]提醒|재입고 알림|입고 알림|أعلمني|أبلغني|نبهني|עדכנו אותי|עדכן אותי|הודיעו לי/;

export function controlKindOf(attributes: string, label: string): ControlKind | null {
  if (notifyAttribute.test(attributes) || notifyLabel.test(label) || notifyLabelCjk.test(label))
    return "notify";
  if (buyAttribute.test(attributes) || buyLabel.test(label) || buyLabelCjk.test(label)) return "buy";
  return null;
}

export function isDisabledControl(el: Element): boolean {
  const a = el.attribs;
  if (a.disabled !== undefined || a["aria-disabled"] === "true") return true;
  return (
    a.class !== undefined &&
    /(?:^|[\s_-])(?:disabled|is-disabled|inactive|unavailable|sold-?out)(?:$|[\s_-])/i.test(a.class)
  );
}

/**
 * Members of a group of three or more look-alike siblings that each show an image and a link (and no
 * h1): product tiles (related items, offers of other sellers), not the product on show. Table rows and list entries
 * are alike by tag; other elements by tag and class. Unclassed wrappers (div, div, div) are layout.
 */
const maxTileDepth = 12;
const minTileSiblings = 3;
const entryTags = new Set(["li", "tr"]);
const maxTileScan = 400;

function looksLikeTile(el: Element): boolean {
  let image = false;
  let link = false;
  const stack: AnyNode[] = [el];
  for (let scanned = 0; stack.length > 0 && scanned < maxTileScan; scanned++) {
    const node = stack.pop() as AnyNode;
    if (node.type !== "tag") continue;
    // A tile holding the page's h1 is the product on show, however its template repeats it.
    if (node.name === "h1") return false;
    if (node.name === "img" || node.name === "picture") image = true;
    else if (node.name === "a" && /^(?:https?:|\/)/.test(node.attribs.href ?? "")) link = true;
    for (const child of node.children) stack.push(child);
  }
  return image && link;
}

/** Slides and cards share their first class; state classes ("active", "selected") come after it. */
const firstClass = (el: Element): string => {
  const first = (el.attribs.class ?? "").trim().split(/\s+/, 1)[0] ?? "";
  return layoutClass.test(first) ? "" : first;
};
/** Grid and layout classes repeat on every column of a page: siblings sharing one are not tiles. */
const layoutClass =
  /^(?:col|row|column|columns|container|grid|span\d|cell|flex|d-|w-|pull|push|offset|clearfix|wrapper|section|block|box|panel|a-section|a-row|a-column)/i;

export function insideRepeatedTile(el: Element): boolean {
  let current: Element | null = el;
  for (let depth = 0; current !== null && depth < maxTileDepth; depth++) {
    const parent = current.parent;
    if (parent === null || parent.type !== "tag") return false;
    const cls = firstClass(current);
    const byTag = entryTags.has(current.name);
    if (byTag || cls !== "") {
      let alike = 0;
      for (const sibling of parent.children) {
        if (sibling.type !== "tag" || sibling.name !== current.name) continue;
        if (!byTag && firstClass(sibling) !== cls) continue;
        if (++alike >= minTileSiblings) break;
      }
      if (alike >= minTileSiblings && looksLikeTile(current)) return true;
    }
    current = parent as Element;
  }
  return false;
}
