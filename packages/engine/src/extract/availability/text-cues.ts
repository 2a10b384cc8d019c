import type { Availability } from "../../snapshot";

/** Whole-word alternatives, case-insensitive, with word boundaries that understand accented letters. */
const phrases = (...alternatives: string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join("|")})(?![\\p{L}])`, "iu");

/** Phrases shops show to visitors, most specific first (a "not available" must win over "available"). */
const cues: [RegExp, Availability][] = [
  [
    phrases(
      "out of stock",
      "sold out",
      "currently unavailable",
      "no longer available",
      "temporarily unavailable",
      "ausverkauft",
      "nicht (?:mehr )?(?:verfügbar|lieferbar|vorrätig|auf lager)",
      "vergriffen",
      "rupture de stock",
      "épuisée?",
      "indisponible",
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
    ),
    "out_of_stock",
  ],
  [/在庫切れ|売り切れ|品切れ|在庫なし|販売終了|完売|缺货|售完|已售完|품절/, "out_of_stock"],
  [
    phrases(
      "pre-?order",
      "vorbestell(?:en|ung|bar)",
      "pré-?commande",
      "precommande",
      "preordina",
      "voorbestellen",
      "pré-venda",
    ),
    "preorder",
  ],
  [/予約受付|予約商品/, "preorder"],
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
      "add to (?:cart|basket|bag|trolley)",
      "buy now",
      "buy it now",
      "auf lager",
      "sofort lieferbar",
      "lieferbar",
      "sofort verfügbar",
      "vorrätig",
      "in den warenkorb",
      "jetzt kaufen",
      "en stock",
      "ajouter au panier",
      "añadir al carrito",
      "agregar al carrito",
      "añadir a la cesta",
      "aggiungi al carrello",
      "disponibilità immediata",
      "op voorraad",
      "in winkelwagen",
      "em estoque",
      "adicionar ao carrinho",
      "comprar agora",
    ),
    "in_stock",
  ],
  [/在庫あり|カートに入れる|カートへ|購入手続き|加入购物车|立即购买|장바구니|구매하기/, "in_stock"],
];

/** The availability a piece of visible text states, or null when it says nothing about stock. */
export function availabilityFromText(text: string): Availability | null {
  for (const [pattern, availability] of cues) if (pattern.test(text)) return availability;
  return null;
}
