/**
 * Built-in noise masks: volatile fragments (dates, times, relative times, counters, ids, tokens) are
 * replaced by a placeholder so that two versions differing only in them compare equal. Prices, stock
 * words and plain numbers are left alone on purpose: masks only fire on a date/time shape, a counter
 * word, or an opaque id.
 */
import { maskUrlsInText } from "./url-normalise";

interface Mask {
  name: string;
  pattern: RegExp;
  replace: string | ((match: string, ...groups: string[]) => string);
  /** Only tried on lines with a digit (a cheap pre-filter: most masks need one). */
  needsDigit: boolean;
}

const MONTHS = [
  // English
  "january|february|march|april|may|june|july|august|september|october|november|december",
  "jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec",
  // German, French, Spanish, Italian, Dutch, Portuguese
  "januar|februar|märz|maerz|mai|juni|juli|oktober|dezember|jän|mär|okt|dez",
  "janvier|février|fevrier|mars|avril|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre",
  "janv|févr|avr|juil|déc",
  "enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|ene|abr|dic",
  "gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre",
  "januari|februari|maart|mei|augustus|mrt",
  "janeiro|fevereiro|março|marco|maio|junho|julho|setembro|outubro|novembro|dezembro|fev",
].join("|");

const WEEKDAYS = [
  "monday|tuesday|wednesday|thursday|friday|saturday|sunday",
  "montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag",
  "lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche",
  "lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo",
  "lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica",
  "maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag",
  "segunda-feira|terça-feira|quarta-feira|quinta-feira|sexta-feira",
].join("|");

const DAY = String.raw`\d{1,2}(?:st|nd|rd|th|er|\.|º)?`;
const MONTH = String.raw`(?:${MONTHS})\.?`;
const YEAR = String.raw`\d{4}`;
const UNITS_EN =
  "(?:sec(?:ond)?s?|min(?:ute)?s?|h(?:ou)?rs?|hours?|days?|weeks?|wks?|months?|mos?|years?|yrs?)";

const COUNTER_WORDS = [
  "views?|comments?|likes?|shares?|followers?|following|subscribers?|replies|reply|reads?|watchers?",
  "visitors?|visits|votes?|points?|reactions?|retweets?|reposts?|answers?|downloads?|plays?|listens?",
  "stars?|forks?|ratings?|reviews?|sold|bought|clicks?|hits|impressions?",
  "aufrufe|kommentare|antworten|bewertungen|vues|commentaires|réponses|avis|vistas|visitas|comentarios",
  "respuestas|visualizzazioni|commenti|weergaven|reacties|visualizações|comentários",
].join("|");

export const builtInMasks: readonly Mask[] = [
  {
    name: "iso-datetime",
    pattern: /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g,
    replace: "⟨date⟩",
    needsDigit: true,
  },
  {
    name: "numeric-date",
    // 2024-01-05, 2024/1/5, 05/01/2024, 1/5/24, 05.01.2024 (dots need a 4-digit year: "1.2.10" is a version)
    pattern:
      /\b(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/]\d{1,2}[-/](?:\d{4}|\d{2})|\d{1,2}\.\d{1,2}\.\d{4})\b/g,
    replace: "⟨date⟩",
    needsDigit: true,
  },
  {
    name: "cjk-date",
    pattern: /(?:\d{4}\s*年\s*)?\d{1,2}\s*月\s*\d{1,2}\s*日|\d{4}\s*年\s*\d{1,2}\s*月/g,
    replace: "⟨date⟩",
    needsDigit: true,
  },
  {
    name: "month-date",
    pattern: new RegExp(
      String.raw`\b(?:${DAY}\s+(?:de\s+)?${MONTH}(?:,?\s+(?:de\s+)?${YEAR})?|${MONTH}\s+${DAY}(?:,?\s+${YEAR})?|${MONTH}\s+${YEAR})(?![\p{L}\d])`,
      "giu",
    ),
    replace: "⟨date⟩",
    needsDigit: true,
  },
  {
    name: "time",
    pattern:
      /\b\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s?[ap]\.?m\.?)?(?:\s?(?:UTC|GMT|Z|[A-Z]{2,4}T|[+-]\d{2}:?\d{2}))?(?![\d:])|\b\d{1,2}\s?[ap]\.?m\.?(?![a-z])|\b\d{1,2}h\d{2}\b|\d{1,2}\s*時\s*\d{1,2}\s*分/gi,
    replace: "⟨time⟩",
    needsDigit: true,
  },
  {
    name: "epoch",
    pattern: /\b1[5-9]\d{8}(?:\d{3})?\b/g,
    replace: "⟨time⟩",
    needsDigit: true,
  },
  {
    name: "relative-time",
    pattern: new RegExp(
      [
        String.raw`\b(?:\d+|an?|one)\s*${UNITS_EN}\s+ago\b`,
        String.raw`\b\d+\s?[smhdw]\s+ago\b`,
        String.raw`\bin\s+\d+\s+${UNITS_EN}\b`,
        String.raw`\bvor\s+(?:\d+|einer|einem|einen)\s+(?:Sekunden?|Minuten?|Stunden?|Tag(?:en)?|Wochen?|Monat(?:en)?|Jahr(?:en)?)\b`,
        String.raw`\bil\s+y\s+a\s+(?:\d+|une?)\s+(?:secondes?|minutes?|heures?|jours?|semaines?|mois|ans?|années?)`,
        String.raw`\bhace\s+(?:\d+|una?)\s+(?:segundos?|minutos?|horas?|días?|dias?|semanas?|mes(?:es)?|años?)`,
        String.raw`\b(?:\d+|una?)\s+(?:secondi|minuti|minuto|ore|ora|giorni|giorno|settimane|mesi|anni)\s+fa\b`,
        String.raw`\b(?:\d+|een)\s+(?:seconden|minuten|minuut|uur|dagen|dag|weken|week|maanden|maand|jaar)\s+geleden\b`,
        String.raw`\bhá\s+(?:\d+|uma?)\s+(?:segundos?|minutos?|horas?|dias?|semanas?|m[eê]s(?:es)?|anos?)`,
        String.raw`\d+\s*(?:秒|分|分钟|時間|小时|日|天|週間|周|か月|ヶ月|个月|年)前`,
        String.raw`\b(?:just now|moments? ago|gerade eben|à l'instant|ahora mismo|adesso|zojuist|agora mesmo)`,
        String.raw`\b(?:yesterday|today|gestern|heute|hier|aujourd'hui|ayer|hoy|ieri|oggi|gisteren|vandaag|ontem|hoje)\b`,
      ].join("|"),
      "giu",
    ),
    replace: "⟨ago⟩",
    needsDigit: false,
  },
  {
    name: "weekday",
    pattern: new RegExp(
      String.raw`\b(?:${WEEKDAYS})\b|\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[.,](?=\s*(?:\d|⟨))`,
      "giu",
    ),
    replace: "⟨day⟩",
    needsDigit: false,
  },
  {
    name: "counter",
    pattern: new RegExp(
      String.raw`\b\d[\d,.\u00a0\u202f']*\s*[KkMm]?\+?\s*(?:${COUNTER_WORDS})\b|\b(?:${COUNTER_WORDS})\s*:\s*\d[\d,.]*[KkMm]?`,
      "giu",
    ),
    replace: (match) => match.replace(/\d[\d,.\u00a0\u202f']*\s*[KkMm]?\+?/u, "⟨n⟩ "),
    needsDigit: true,
  },
  {
    name: "people-viewing",
    pattern:
      /\b\d[\d,.]*\+?\s+(?:people|others?|persons?|users?|customers?|shoppers?|personen|personnes|personas|persone|mensen|pessoas)\b[^.!?]{0,40}?\b(?:viewing|watching|looking|bought|purchased|in (?:their )?(?:cart|basket)|online|here|ansehen|betrachten|regardent|viendo|guardando|bekijken|vendo)\b/giu,
    replace: "⟨n⟩ people ⟨activity⟩",
    needsDigit: true,
  },
  {
    name: "uuid",
    pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
    replace: "⟨id⟩",
    needsDigit: false,
  },
  {
    name: "secret-assignment",
    pattern:
      /\b(?:csrf[\w-]*|xsrf[\w-]*|authenticity_token|_token|nonce|session_?id|sessid|sid|jsessionid|phpsessid|token|request_?id|trace_?id)(["']?\s*[:=]\s*["']?)[^\s"'&;,]+/gi,
    replace: (match, separator) => `${match.slice(0, match.indexOf(separator))}${separator}⟨token⟩`,
    needsDigit: false,
  },
  {
    name: "opaque-blob",
    // Candidate runs; the replacer keeps anything that does not look like a hex id or a base64/token blob.
    pattern: /[A-Za-z0-9+/_=-]{12,}/g,
    replace: (run) => (isOpaqueBlob(run) ? "⟨id⟩" : run),
    needsDigit: true,
  },
];

const HAS_DIGIT = /\d/;
const HEX_ID = /^[0-9a-f]{12,}$/i;
const TOKEN_ALPHABET = /^[A-Za-z0-9+/_-]{16,}={0,2}$/;

/** A hex id (with at least one letter and one digit) or a mixed-case base64/token blob of 16+ characters. */
export function isOpaqueBlob(run: string): boolean {
  const hasDigit = HAS_DIGIT.test(run);
  if (!hasDigit) return false;
  if (HEX_ID.test(run)) return /[a-f]/i.test(run);
  if (!TOKEN_ALPHABET.test(run)) return false;
  const hasLower = /[a-z]/.test(run);
  const hasUpper = /[A-Z]/.test(run);
  // A word-like run with a number ("Product-Name-2024-Edition") is not a token: require digits and
  // letters interleaved, i.e. few dashes relative to the length.
  const separators = (run.match(/[-_]/g) ?? []).length;
  return hasLower && hasUpper && separators * 6 < run.length;
}

/** Apply every built-in mask to one already whitespace-normalised line. */
export function maskNoise(line: string): string {
  let result = line.includes("://") || line.includes("?") ? maskUrlsInText(line) : line;
  const hasDigit = HAS_DIGIT.test(result);
  for (const mask of builtInMasks) {
    if (mask.needsDigit && !hasDigit) continue;
    mask.pattern.lastIndex = 0;
    const replace = mask.replace;
    result =
      typeof replace === "string"
        ? result.replace(mask.pattern, replace)
        : result.replace(mask.pattern, replace);
  }
  return result;
}
