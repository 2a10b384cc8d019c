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
  /** Only tried when the line has one of these words (lower case) or characters: a cheap pre-filter. */
  triggers?: ReadonlySet<string>;
  triggerChars?: readonly string[];
}

const words = (...groups: string[]): string[] => groups.flatMap((group) => group.split(" "));
/** An alternation of literal words, longest first so "sept" wins over "sep". */
const alternation = (list: readonly string[]): string =>
  [...new Set(list)]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&"))
    .join("|");

const MONTH_WORDS = words(
  "january february march april may june july august september october november december",
  "jan feb mar apr jun jul aug sep sept oct nov dec",
  "januar februar märz maerz mai juni juli oktober dezember jän mär okt dez",
  "janvier février fevrier mars avril juin juillet août aout septembre octobre novembre décembre decembre",
  "janv févr avr juil déc",
  "enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre ene abr dic",
  "gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre",
  "januari februari maart mei augustus mrt",
  "janeiro fevereiro março marco maio junho julho setembro outubro novembro dezembro fev",
);

const WEEKDAY_WORDS = words(
  "monday tuesday wednesday thursday friday saturday sunday",
  "montag dienstag mittwoch donnerstag freitag samstag sonntag",
  "lundi mardi mercredi jeudi vendredi samedi dimanche",
  "lunes martes miércoles miercoles jueves viernes sábado sabado domingo",
  "lunedì martedì mercoledì giovedì venerdì sabato domenica",
  "maandag dinsdag woensdag donderdag vrijdag zaterdag zondag",
  "segunda-feira terça-feira quarta-feira quinta-feira sexta-feira",
);
const WEEKDAY_SHORT = words("mon tue tues wed thu thur thurs fri sat sun");

const RELATIVE_WORDS = words(
  "ago vor il hace fa geleden há",
  "just moments moment gerade instant ahora adesso zojuist agora",
  "yesterday today gestern heute hier aujourd ayer hoy ieri oggi gisteren vandaag ontem hoje",
  "sec secs second seconds min mins minute minutes hr hrs hour hours",
);

const COUNTER_WORDS = words(
  "view views comment comments like likes share shares follower followers following subscriber subscribers",
  "replies reply read reads watcher watchers visitor visitors visits vote votes point points reaction reactions",
  "retweet retweets repost reposts answer answers download downloads play plays listen listens",
  "star stars fork forks rating ratings review reviews sold bought click clicks hits impression impressions",
  "aufrufe kommentare antworten bewertungen vues commentaires réponses avis vistas visitas comentarios",
  "respuestas visualizzazioni commenti weergaven reacties visualizações comentários",
);

const PEOPLE_WORDS = words(
  "people other others person persons user users customer customers shopper shoppers",
  "personen personnes personas persone mensen pessoas",
);

const SECRET_WORDS = words(
  "csrf xsrf authenticity token nonce session sessionid sessid sid jsessionid phpsessid request requestid trace traceid",
);

/** Letters of Latin scripts (with accents): word boundaries that do not split "März" or "lunedì". */
const L = "A-Za-z\\u00C0-\\u024F";
const DAY = String.raw`\d{1,2}(?:st|nd|rd|th|er|\.|º)?`;
const MONTH = `(?:${alternation(MONTH_WORDS)})\\.?`;
const YEAR = String.raw`\d{4}`;
const UNITS_EN =
  "(?:sec(?:ond)?s?|min(?:ute)?s?|h(?:ou)?rs?|hours?|days?|weeks?|wks?|months?|mos?|years?|yrs?)";

const HAS_DIGIT = /\d/;
const BLOB_RUN = /[A-Za-z0-9+/_-]{12,}={0,2}/g;
/** A path segment that is a word or a slug ("recipes", "theres-no-other-way"): the run is a path. */
const WORD_SEGMENT = /^(?:[a-z]{3,}|[A-Z][a-z]{2,})(?:[-_.][a-z0-9]+)*$/;

/** Mask a candidate run: whole when it is one random blob, else only its random path segments. */
function maskBlob(run: string): string {
  if (!run.includes("/")) return isOpaqueBlob(run) ? "⟨id⟩" : run;
  const segments = run.split("/");
  if (!segments.some((segment) => WORD_SEGMENT.test(segment)) && isOpaqueBlob(run)) return "⟨id⟩";
  return segments.map((segment) => (isOpaqueBlob(segment) ? "⟨id⟩" : segment)).join("/");
}
const HEX_ID = /^[0-9a-f]{12,}$/i;
const TOKEN_ALPHABET = /^[A-Za-z0-9+/_-]{16,}={0,2}$/;

export const builtInMasks: readonly Mask[] = [
  {
    name: "iso-datetime",
    pattern: /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g,
    replace: "⟨date⟩",
    needsDigit: true,
    triggerChars: [":"],
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
    triggerChars: ["月"],
  },
  {
    name: "month-date",
    pattern: new RegExp(
      `(?<![${L}])(?:${DAY}\\s+(?:de\\s+)?${MONTH}(?:,?\\s+(?:de\\s+)?${YEAR})?|${MONTH}\\s+${DAY}(?:,?\\s+${YEAR})?|${MONTH}\\s+${YEAR})(?![${L}\\d])`,
      "gi",
    ),
    replace: "⟨date⟩",
    needsDigit: true,
    triggers: new Set(MONTH_WORDS),
  },
  {
    name: "time",
    pattern:
      /\b\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s?[ap]\.?m\.?)?(?:\s?(?:UTC|GMT|Z|[A-Z]{2,4}T|[+-]\d{2}:?\d{2}))?(?![\d:])|\d{1,2}\s*時\s*\d{1,2}\s*分/gi,
    replace: "⟨time⟩",
    needsDigit: true,
    triggerChars: [":", "時"],
  },
  {
    name: "meridiem-time",
    pattern: /\b\d{1,2}\s?[ap]\.?m\.?(?![a-z])|\b\d{1,2}h\d{2}\b/gi,
    replace: "⟨time⟩",
    needsDigit: true,
    triggers: new Set(["am", "pm", "m", "h"]),
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
        `\\b(?:\\d+|an?|one)\\s*${UNITS_EN}\\s+ago\\b`,
        "\\b\\d+\\s?[smhdw]\\s+ago\\b",
        `\\bin\\s+\\d+\\s+${UNITS_EN}\\b`,
        "\\bvor\\s+(?:\\d+|einer|einem|einen)\\s+(?:Sekunden?|Minuten?|Stunden?|Tag(?:en)?|Wochen?|Monat(?:en)?|Jahr(?:en)?)\\b",
        "\\bil\\s+y\\s+a\\s+(?:\\d+|une?)\\s+(?:secondes?|minutes?|heures?|jours?|semaines?|mois|ans?|années?)",
        "\\bhace\\s+(?:\\d+|una?)\\s+(?:segundos?|minutos?|horas?|días?|dias?|semanas?|mes(?:es)?|años?)",
        "\\b(?:\\d+|una?)\\s+(?:secondi|minuti|minuto|ore|ora|giorni|giorno|settimane|mesi|anni)\\s+fa\\b",
        "\\b(?:\\d+|een)\\s+(?:seconden|minuten|minuut|uur|dagen|dag|weken|week|maanden|maand|jaar)\\s+geleden\\b",
        "(?<![A-Za-z])há\\s+(?:\\d+|uma?)\\s+(?:segundos?|minutos?|horas?|dias?|semanas?|m[eê]s(?:es)?|anos?)",
        "\\d+\\s*(?:秒|分|分钟|時間|小时|日|天|週間|周|か月|ヶ月|个月|年)前",
        "\\b(?:just now|moments? ago|gerade eben|à l'instant|ahora mismo|adesso|zojuist|agora mesmo)",
        "\\b(?:yesterday|today|gestern|heute|hier|aujourd'hui|ayer|hoy|ieri|oggi|gisteren|vandaag|ontem|hoje)\\b",
      ].join("|"),
      "gi",
    ),
    replace: "⟨ago⟩",
    needsDigit: false,
    triggers: new Set(RELATIVE_WORDS),
    triggerChars: ["前"],
  },
  {
    name: "weekday",
    pattern: new RegExp(
      `(?<![${L}])(?:${alternation(WEEKDAY_WORDS)})(?![${L}])|\\b(?:${alternation(WEEKDAY_SHORT)})[.,](?=\\s*(?:\\d|⟨))`,
      "gi",
    ),
    replace: "⟨day⟩",
    needsDigit: false,
    triggers: new Set([...WEEKDAY_WORDS.flatMap((w) => w.split("-")), ...WEEKDAY_SHORT]),
  },
  {
    name: "counter",
    pattern: new RegExp(
      `\\b\\d[\\d,.\\u00a0\\u202f']*\\s*[KkMm]?\\+?\\s*(?:${alternation(COUNTER_WORDS)})(?![${L}])|(?<![${L}])(?:${alternation(COUNTER_WORDS)})\\s*:\\s*\\d[\\d,.]*[KkMm]?`,
      "gi",
    ),
    replace: (match) => match.replace(/\d[\d,.\u00a0\u202f']*\s*[KkMm]?\+?/, "⟨n⟩ "),
    needsDigit: true,
    triggers: new Set(COUNTER_WORDS),
  },
  {
    name: "people-viewing",
    pattern: new RegExp(
      `\\b\\d[\\d,.]*\\+?\\s+(?:${alternation(PEOPLE_WORDS)})\\b[^.!?]{0,40}?\\b(?:viewing|watching|looking|bought|purchased|in (?:their )?(?:cart|basket)|online|here|ansehen|betrachten|regardent|viendo|guardando|bekijken|vendo)\\b`,
      "gi",
    ),
    replace: "⟨n⟩ people ⟨activity⟩",
    needsDigit: true,
    triggers: new Set(PEOPLE_WORDS),
  },
  {
    name: "uuid",
    pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
    replace: "⟨id⟩",
    needsDigit: false,
    triggerChars: ["-"],
  },
  {
    name: "secret-assignment",
    pattern:
      /\b(?:csrf[\w-]*|xsrf[\w-]*|authenticity_token|_token|nonce|session_?id|sessid|sid|jsessionid|phpsessid|token|request_?id|trace_?id)(["']?\s*[:=]\s*["']?)[^\s"'&;,]+/gi,
    replace: (match, separator) => `${match.slice(0, match.indexOf(separator))}${separator}⟨token⟩`,
    needsDigit: false,
    triggers: new Set(SECRET_WORDS),
  },
  {
    name: "opaque-blob",
    // Candidate runs; the replacer keeps anything that does not look like a hex id or a base64/token blob.
    // In a URL only the query is masked (signatures, session tokens): the path names the resource.
    pattern: /https?:\/\/[^\s"'<>]+|[A-Za-z0-9+/_-]{12,}={0,2}/g,
    replace: (run) => {
      if (!run.startsWith("http")) return maskBlob(run);
      const queryAt = run.indexOf("?");
      return queryAt < 0 ? run : run.slice(0, queryAt) + run.slice(queryAt).replace(BLOB_RUN, maskBlob);
    },
    needsDigit: true,
  },
];

/** Letter case / digit changes along a run, separators ignored: high in random tokens, low in words and paths. */
function classChanges(run: string): { changes: number; length: number } {
  let changes = 0;
  let length = 0;
  let previous = "";
  for (const char of run) {
    const kind =
      char >= "0" && char <= "9"
        ? "d"
        : char >= "a" && char <= "z"
          ? "l"
          : char >= "A" && char <= "Z"
            ? "u"
            : "";
    if (kind === "") continue;
    if (previous !== "" && kind !== previous) changes += 1;
    previous = kind;
    length += 1;
  }
  return { changes, length };
}

/**
 * A hex id (letters and digits, 12+) or a random-looking token/base64 blob (16+, upper and lower case and
 * digits that change class often). URL paths, slugs and product names ("1-Stunden-Lieferung",
 * "rest/api/2/issue/WBS-16") change class rarely and are kept.
 */
export function isOpaqueBlob(run: string): boolean {
  if (!HAS_DIGIT.test(run)) return false;
  if (HEX_ID.test(run)) return /[a-f]/i.test(run);
  if (!TOKEN_ALPHABET.test(run) || !/[a-z]/.test(run) || !/[A-Z]/.test(run)) return false;
  const { changes, length } = classChanges(run);
  return changes * 3 >= length;
}

/** Which masks each trigger word enables (a bit per mask), found with one scan of the line. */
const TRIGGER_BITS = new Map<string, number>();
builtInMasks.forEach((mask, index) => {
  for (const word of mask.triggers ?? [])
    TRIGGER_BITS.set(word, (TRIGGER_BITS.get(word) ?? 0) | (1 << index));
});
const TRIGGER_WORDS = new RegExp(`(?<![${L}])(?:${alternation([...TRIGGER_BITS.keys()])})(?![${L}])`, "gi");

function triggeredMasks(line: string): number {
  let bits = 0;
  TRIGGER_WORDS.lastIndex = 0;
  for (let match = TRIGGER_WORDS.exec(line); match !== null; match = TRIGGER_WORDS.exec(line)) {
    bits |= TRIGGER_BITS.get(match[0].toLowerCase()) ?? 0;
  }
  return bits;
}

/** Apply every built-in mask to one already whitespace-normalised line. */
export function maskNoise(line: string): string {
  let result = line.includes("://") || line.includes("?") ? maskUrlsInText(line) : line;
  const hasDigit = HAS_DIGIT.test(result);
  const wordBits = triggeredMasks(result);
  builtInMasks.forEach((mask, index) => {
    if (mask.needsDigit && !hasDigit) return;
    const byChar = mask.triggerChars?.some((c) => result.includes(c)) ?? false;
    const byWord = (wordBits & (1 << index)) !== 0;
    if ((mask.triggers || mask.triggerChars) && !byChar && !byWord) return;
    mask.pattern.lastIndex = 0;
    const replace = mask.replace;
    result =
      typeof replace === "string"
        ? result.replace(mask.pattern, replace)
        : result.replace(mask.pattern, replace);
  });
  return result;
}
