/**
 * Stock statements read by their parts instead of whole phrases: a word for stock or availability (a small
 * closed class per language) negated by a "not / no / without" word (another closed class), or counted as
 * zero. "Nincs raktáron", "Nie ma w magazynie", "Không còn hàng", "Stokta bulunmamaktadır", "Auf Lager: 0"
 * are all read without being listed; a phrase list would read the in-stock word inside them as in stock.
 */
import type { Availability } from "../../snapshot";

/** Stems of "stock / warehouse / on hand": words that speak of stock whatever surrounds them. */
const stockRoots = [
  "stock",
  "stok",
  "stoc",
  "lager",
  "voorraad",
  "magazyn",
  "sklad",
  "raktár",
  "készlet",
  "zalog",
  "zalih",
  "stanj",
  "na stanie",
  "estoque",
  "existencia",
  "varast",
  "laos",
  "noliktav",
  "sandėl",
  "hàng",
  "наличи",
  "наличн",
  "наявн",
  "склад",
  "стању",
  "залихи",
  "απόθεμα",
  "αποθέματ",
  "स्टॉक",
];
/**
 * Stems of "available / deliverable": also said of results, reviews, images or services ("No results
 * available"), so only a negation right before them (at most one short word between) counts.
 */
const availableRoots = [
  "availab",
  "dispon",
  "dispozi",
  "verfügbar",
  "lieferbar",
  "leverbaar",
  "beschikbaar",
  "verkrijgbaar",
  "dostęp",
  "dostup",
  "elérhető",
  "kapható",
  "rendelhető",
  "tillgänglig",
  "tilgjengelig",
  "tilgængelig",
  "saatav",
  "mevcut",
  "tersedia",
  "pieejam",
  "sẵn",
  "na voljo",
  "доступ",
  "διαθέσιμ",
  "उपलब्ध",
];
/** Scripts that attach prefixes to the word ("במלאי", "المخزون") or write no spaces (Chinese, Thai). */
const attachedRoots = [
  "מלאי",
  "זמין",
  "مخزون",
  "متوفر",
  "متاح",
  "موجود",
  "انبار",
  "สินค้า",
  "สต็อก",
  "库存",
  "庫存",
  "现货",
  "現貨",
  "货",
  "貨",
  "在庫",
  "재고",
];

/** Words that negate what follows them, or say "without / outside of". */
const negationsBefore = [
  "not",
  // Portuguese "no estoque" is "in stock".
  "no(?! estoque)",
  "none",
  "out of",
  "without",
  "nicht",
  "kein(?:e|en)?",
  "ohne",
  "pas",
  "n['’]\\p{L}+",
  "sans",
  "hors(?: de)?",
  "non",
  "senza",
  "sin",
  "fuera de",
  "não",
  "sem",
  "niet",
  "geen",
  "zonder",
  "nie",
  "ne",
  "ni",
  "není",
  "nije",
  "nema",
  // Negated verbs of having: "nemamo / nemáme na skladě", "neturima sandėlyje".
  "ne(?:ma|má|tur)\\p{L}*",
  "bez",
  "brak",
  "nincs(?:en)?",
  "nem",
  "ej",
  "inte",
  "utan",
  "ikke",
  "uten",
  "uden",
  "ekki",
  "ei",
  "pole",
  "nav",
  "nėra",
  "nu",
  "fără",
  "không(?: còn)?",
  "hết",
  "tidak",
  "tiada",
  "kehabisan",
  "tanpa",
  "нет",
  "не",
  "няма",
  "нема",
  "немає",
  "без",
  "отсутств\\p{L}*",
  "відсутн\\p{L}*",
  "δεν",
  "μη",
  "χωρίς",
  "לא",
  "אין",
  "חסר",
  "غير",
  "لا",
  "ليس",
  "نفد",
  "نفذ",
];
/** Negations that follow the word they negate (Turkish, Korean, Japanese, Persian, Hindi, Malay). */
const negationsAfter = [
  "yok",
  "değil",
  "bulunma\\p{L}*",
  "kosong",
  "(?:tạm )?hết",

  "otsas",
  "habis",
  "없\\p{L}*",
  "ありません",
  "ございません",
  "ない",
  "なし",
  "無し",
  "نیست",
  "ندارد",
  "नहीं",
];
/** "When / as soon as / expected": stock promised for later is stock missing now. */
const laterWords = [
  "when",
  "once",
  "as soon as",
  "expected",
  "wenn",
  "sobald",
  "erwartet",
  "quand",
  "dès que",
  "attendu",
  "cuando",
  "quando",
  "previsto",
  "wanneer",
  "zodra",
  "verwacht",
  "kiedy",
  "gdy",
  "když",
  "až",
  "amikor",
  "várható",
  "när",
  "når",
  "forventes",
  "forventet",
  "väntas",
  "kun",
  "odotetaan",
  "когда",
  "как только",
  "ожидается",
  "коли",
  "очікується",
  "όταν",
  "când",
  "kada",
  "khi",
  "ketika",
  "kapan",
  "עם חזרת",
  "כש\\p{L}*",
  "عند",
  "وقتی",
];
/** Negations written onto the word (no space): Chinese, Thai, Japanese. */
const attachedNegations = ["无", "無", "没有", "沒有", "暂无", "暫無", "缺", "ไม่มี", "ไม่"];

const alternation = (items: readonly string[]) => items.join("|");
const attached = alternation(attachedRoots);
const stockRoot = `(?:(?<![\\p{L}])(?:${alternation(stockRoots)})|${attached})`;
const availableRoot = `(?<![\\p{L}])(?:${alternation(availableRoots)})`;
const root = `(?:${stockRoot}|${availableRoot})`;
/** Up to four words between a negation and a stock word ("n'avons plus ce produit en stock"), no punctuation. */
const gap = "(?:\\s+[\\p{L}\\p{N}'’]+){0,4}\\s+";
/** At most one short word between a negation and an availability word ("nie jest dostępny", "n'est plus"). */
const shortGap = "(?:\\s+[\\p{L}'’]{1,5})?\\s+";

const negatedBefore = new RegExp(
  `(?<![\\p{L}])(?:${alternation(negationsBefore)})(?:${gap}[\\p{L}]{0,2}${stockRoot}|${shortGap}${availableRoot})`,
  "iu",
);
const negatedAfter = new RegExp(
  `${root}\\p{L}*(?:\\s+\\p{L}+)?\\s*(?:${alternation(negationsAfter)})(?![\\p{L}])`,
  "iu",
);
/** In Thai two letters may sit between: "ไม่มีในสต็อก" (none in stock); in Chinese "無法收貨" is no stock word. */
const negatedAttached = new RegExp(
  `(?:${alternation(attachedNegations)})\\s?\\p{Script=Thai}{0,2}(?:${attached})`,
  "u",
);
const promisedLater = new RegExp(
  `(?<![\\p{L}])(?:${alternation(laterWords)})${gap}[\\p{L}]{0,2}${root}`,
  "iu",
);
/** A negating prefix on an availability stem: "unavailable", "nedostupné", "недоступно", "indisponible". */
const negativePrefix = /(?<![\p{L}])(?:un|ne|nie|не|in)(?:availab|dostup|dostęp|доступ|dispon)/iu;
/** A count of zero next to the word: "Stock: 0", "Auf Lager: 0 Stück", "0 en stock". */
const zeroCount = new RegExp(
  `${root}\\p{L}*\\s*[:：]?\\s*0(?![\\d.,])|(?<![\\d.,])0\\s+(?:\\p{L}+\\s+)?${root}`,
  "iu",
);

/** Statements longer than this, or of several sentences, are a description, not a stock line. */
const maxStatementChars = 80;
/**
 * Every pattern above needs one of the roots somewhere in the text: one plain scan for them first spares most
 * texts (a link's label, a price line) the six patterns' lookbehinds (17% of extraction's CPU before it).
 */
const anyRoot = new RegExp(alternation([...stockRoots, ...availableRoots, ...attachedRoots]), "iu");
const sentenceBreak = /[.!?。！？]\s+\S/u;

/** "out_of_stock" when a stock word is negated, counted as zero or promised for later, else null. */
export function negatedStock(text: string): Availability | null {
  if (text.length > maxStatementChars || sentenceBreak.test(text) || !anyRoot.test(text)) return null;
  return negatedBefore.test(text) ||
    negatedAfter.test(text) ||
    negatedAttached.test(text) ||
    negativePrefix.test(text) ||
    promisedLater.test(text) ||
    zeroCount.test(text)
    ? "out_of_stock"
    : null;
}
