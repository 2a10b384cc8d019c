import type { Availability } from "../../snapshot";

import { buyLabel, notifyLabel, notifyLabelCjk, phrases } from "./buy-controls";
import { negatedStock } from "./stock-words";

/** Phrases shops show to visitors, most specific first (a "not available" must win over "available"). */
const cues: [RegExp, Availability][] = [
  [
    phrases(
      "out of stock",
      "not in stock",
      "(?:when|if|once|as soon as)(?: [^.!?]{0,40})? (?:back in stock|in stock again|available again)",
      "(?:sobald|wenn|wann|ob|bis|falls|bald)(?: [^.!?]{0,40})? wieder (?:vorrätig|verfügbar|lieferbar|auf lager)",
      "de nouveau (?:disponible|en stock)",
      "di nuovo disponibile",
      "weer (?:leverbaar|op voorraad|beschikbaar)",
      "(?:vuelva|vuelve) a estar disponible",
      "novamente disponível",
      "sold out",
      "currently not available",
      "nicht auf lager",
      "(?:pas|plus) en stock",
      "no hay (?:stock|existencias)",
      "não disponível",
      "brak towaru",
      "nie je skladom",
      "ei varastossa",
      "inte i lager",
      "ikke på lager",
      "ikke på lager",
      "currently unavailable",
      "no longer available",
      "temporarily unavailable",
      "ausverkauft",
      "nicht (?:mehr )?(?:verfügbar|lieferbar|vorrätig|auf lager)",
      "vergriffen",
      "rupture de stock",
      "épuisée?",
      "indisponible",
      "victime de son succès",
      "plus disponible",
      "agotado",
      "sin stock",
      "sin existencias",
      "no disponible",
      "esaurito",
      "non disponibile",
      "uitverkocht",
      "niet (?:meer )?(?:leverbaar|beschikbaar|op voorraad)",
      "esgotado",
      "indisponível",
      "sem estoque",
      "fora de estoque",
      // Beyond the required languages: shops in neighbouring markets say it like this.
      "vypredané",
      "vyprodáno",
      "není skladem",
      "niedostępny",
      "brak w magazynie",
      "brak produktu",
      "wyprzedany",
      "slutsåld",
      "slut i lager",
      "tillfälligt slut",
      "ej i lager",
      "udsolgt",
      "utsolgt",
      "ikke tilgjengelig",
      "loppuunmyyty",
      "loppu varastosta",
      "ei saatavilla",
      "tükendi",
      "stokta yok",
      "нет в наличии",
      "распродано",
      "нет на складе",
      "(?:товар )?закончил(?:ся|ись)",
      "немає в наявності",
      "εξαντλήθηκε",
      "μη διαθέσιμο",
      "εκτός αποθέματος",
      "elfogyott",
      "nincs készleten",
      "nem (?:rendelhető|elérhető|kapható)",
      "stoc epuizat",
      "nu este în stoc",
      "indisponibil",
      "nema na (?:stanju|zalihi)",
      "nije dostupn[oa]",
      "rasprodano",
      "razprodano",
      "ni na zalogi",
      "hết hàng",
      "stok habis",
      "habis terjual",
      "habis",
      "изчерпан",
      "няма наличност",
      "išparduota",
      "izpārdots",
      "läbi müüdud",
      "нема на стању",
      // Stems, so that every inflection reads: "wyprzedane", "agotadas", "kifogyott", "закінчився".
      "(?:wyprzedan|vyprodan|vypredan|rasprodan|razprodan|распродан|розпродан)\\p{L}*",
      "закінчи(?:вся|лася|лось|лися)",
      "товар\\p{L}* (?:\\p{L}+ )?(?:отсутству|відсутн)\\p{L}*",
      "epuizat\\p{L}*",
      "esaurit\\p{L}*",
      "agotad\\p{L}*",
      "esgotad\\p{L}*",
      "(?:ki|el)fogy(?:ott|tak)",
      "uppselt\\p{L}*",
      "tilapäisesti loppu",
      // Not a product-details row ("Is discontinued by manufacturer: No").
      "discontinu\\p{L}*(?! by)",
      "descontinuad\\p{L}*",
      "fuori produzione",
      "nicht mehr (?:im sortiment|erhältlich)",
      "uit (?:het )?assortiment",
      "wycofan\\p{L}*",
      "снят\\p{L}* с (?:производства|продажи)",
      "ngừng (?:kinh doanh|bán|sản xuất)",
    ),
    "out_of_stock",
  ],
  [/אזל|לא במלאי|אינו במלאי|غير متوفر|نفذت الكمية|نفدت الكمية|ناموجود|स्टॉक में नहीं|สินค้าหมด/, "out_of_stock"],
  [
    /在庫切れ|売り切れ|品切れ|在庫なし|販売終了|生産終了|入荷待ち|入荷予定|完売|缺货|無庫存|售完|已售完|售罄|下架|停售|停产|停產|[补補]货中|[补補]貨中|품절|일시품절|단종/,
    "out_of_stock",
  ],
  // A "notify me when available" offer in place of buying, as text: the same evidence as its button.
  [notifyLabel, "out_of_stock"],
  [notifyLabelCjk, "out_of_stock"],
  [
    phrases(
      "pre-?order",
      "vorbestell(?:en|ung|bar)",
      "pré-?commander?",
      "precommande",
      "preordina",
      "voorbestellen",
      "pré-venda",
      "przedsprzedaż",
      "предзаказ",
    ),
    "preorder",
  ],
  [/予約受付|予約商品|预售|預購|예약 ?판매/, "preorder"],
  [
    phrases("back-?order(?:ed)?", "nachbestellt", "bajo pedido", "su ordinazione", "in nabestelling"),
    "backorder",
  ],
  [/お取り寄せ|取り寄せ/, "backorder"],
  [
    phrases(
      "only \\d+ left",
      "few left",
      "low stock",
      "limited stock",
      "limited availability",
      "nur noch \\d+",
      "plus que \\d+",
      "últimas unidades",
      "ultimi pezzi",
      "nog \\d+ op voorraad",
      "últimas peças",
    ),
    "limited",
  ],
  [/残りわずか|残り\d+点/, "limited"],
  [
    phrases(
      "in stock",
      "auf lager",
      "sofort lieferbar",
      "lieferbar",
      "sofort verfügbar",
      "vorrätig",
      "en stock",
      "disponibilità immediata",
      // Marketplace pages without a buy box of their own: the offers of other sellers.
      "available from (?:these|\\d+) sellers",
      "disponibile presso (?:questi|\\d+) venditori",
      "op voorraad",
      "em estoque",
      "na sklade",
      "skladem",
      "w magazynie",
      "i lager",
      "på lager",
      "varastossa",
      "stokta",
      "в наличии",
      "є в наявності",
      "σε απόθεμα",
      "raktáron",
      "készleten",
      "în stoc",
      "na (?:stanju|zalogi)",
      "còn hàng",
      "stok tersedia",
      "в наличност",
      "yra sandėlyje",
      "ir noliktavā",
    ),
    "in_stock",
  ],
  [/在庫あり|有現貨|有货|현재 구매 가능|במלאי|متوفر|موجود در انبار|स्टॉक में|มีสินค้า/, "in_stock"],
];

/** Buy-button labels: a page showing one says "you can buy this", weaker than a stated stock line. */
const buyLabels: [RegExp, Availability][] = [
  [buyLabel, "in_stock"],
  [/カートに入れる|カートへ|購入手続き|加入购物车|加入購物車|立即购买|장바구니|구매하기/, "in_stock"],
];

/** The availability a stock line states ("Sold out", "In stock", "Only 2 left"), or null. */
export function statedAvailability(text: string): Availability | null {
  let negated: Availability | null | undefined; // asked once, when the first cue past the out-of-stock ones needs it
  for (const [pattern, availability] of cues) {
    // Past the out-of-stock phrases, a negated stock word ("Nincs raktáron") must not read as its in-stock word.
    if (availability !== "out_of_stock") {
      if (negated === undefined) negated = negatedStock(text);
      if (negated !== null) return "out_of_stock";
    }
    if (pattern.test(text)) return availability;
  }
  return negated === undefined ? negatedStock(text) : negated;
}

/**
 * The availability a piece of visible text states or implies (a buy label), or null when it says nothing.
 * `stated`: `statedAvailability(text)`, when the caller has it already.
 */
export function availabilityFromText(
  text: string,
  stated: Availability | null = statedAvailability(text),
): Availability | null {
  if (stated !== null) return stated;
  for (const [pattern, availability] of buyLabels) if (pattern.test(text)) return availability;
  return null;
}
