/**
 * Noise-only changes: what differs between two fetches of an unchanged page. Each returns the pair
 * (first fetch, second fetch); injected fragments appear in both with different volatile values.
 */
import type { CorpusPage } from "./corpus";
import { hashOf } from "./dom-targets";

export interface NoiseMutation {
  name: string;
  apply(html: string, page: CorpusPage): [string, string] | null;
}

function inject(html: string, fragment: string): string {
  const at = html.search(/<\/body\s*>/i);
  return at >= 0 ? html.slice(0, at) + fragment + html.slice(at) : html + fragment;
}

const ISO_TIMESTAMP = /\b(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/g;

function shiftTimestamps(html: string): string {
  return html.replace(
    ISO_TIMESTAMP,
    (_m, y, mo, d, h, mi, s) => `${y}-${mo}-${d}T${String((Number(h) + 1) % 24).padStart(2, "0")}:${mi}:${s}`,
  );
}

function timestamp(html: string): [string, string] {
  const footer = (date: string, time: string, ago: number) =>
    `<p class="page-generated">Page generated on ${date} at ${time} · Prices updated ${ago} minutes ago</p>`;
  return [
    inject(html, footer("22 Nov 2026", "14:31:07", 3)),
    inject(shiftTimestamps(html), footer("23 Nov 2026", "09:02:55", 17)),
  ];
}

function rotatingToken(html: string): [string, string] {
  const fragment = (token: string, nonce: string) =>
    `<form class="newsletter" method="post"><input type="hidden" name="csrf_token" value="${token}"><input type="hidden" name="authenticity_token" value="${token}=="></form><script nonce="${nonce}">window.__session="${token}";</script><meta name="csrf-token" content="${token}">`;
  const rotate = (text: string, nonce: string) => text.replace(/\bnonce="[^"]*"/g, `nonce="${nonce}"`);
  return [
    inject(rotate(html, "r4nd0mN0nc3A"), fragment("hG7kP2xQ9vL4mZ8wR1tY6uI3oE5aS0dF", "aB3dE5fG7h")),
    inject(rotate(html, "Zq8Lw2Xe4Rt6"), fragment("Qw9Er8Ty7Ui6Op5As4Df3Gh2Jk1Lz0Xc", "Mn4Bv6Cx8z")),
  ];
}

function adId(html: string): [string, string] {
  const ad = (id: number, creative: number) =>
    `<div id="div-gpt-ad-${id}-0" data-ad-id="${creative}" data-google-query-id="CL${id}xyz" class="ad-slot"><iframe id="google_ads_iframe_/${id}/home_0" name="google_ads_iframe_${creative}" src="https://ads.example/serve?adid=${creative}&amp;cb=${id}" title="Advertisement" width="300" height="250"></iframe></div>`;
  return [inject(html, ad(1732286011, 88123)), inject(html, ad(1732289977, 90457))];
}

const COUNTER_IN_TEXT =
  /(>[^<]*?\b)(\d[\d,]*)(\s+(?:views|comments|likes|shares|followers|reviews|ratings|points)\b)/gi;

function viewCounter(html: string): [string, string] {
  const counters = (views: string, comments: number, viewing: number) =>
    `<div class="stats"><span class="views">${views} views</span> · <span class="comments">${comments} comments</span> · <span>${viewing} people are viewing this right now</span></div>`;
  const bumped = html.replace(
    COUNTER_IN_TEXT,
    (_m, before, count, after) => `${before}${Number(count.replace(/,/g, "")) + 7}${after}`,
  );
  return [inject(html, counters("1,234", 12, 5)), inject(bumped, counters("1,301", 14, 9))];
}

const MARKUP =
  /(<!--[\s\S]*?-->|<pre[\s>][\s\S]*?<\/pre>|<textarea[\s>][\s\S]*?<\/textarea>|<script[\s>][\s\S]*?<\/script>|<style[\s>][\s\S]*?<\/style>|<[^>]*>)/i;

/**
 * Re-indented markup: every whitespace run in text and between tags becomes a different run (never
 * adding or removing whitespace), outside <pre>, <textarea>, scripts, styles and inside tags.
 */
function whitespace(html: string): [string, string] {
  const parts = html.split(new RegExp(MARKUP.source, "gi"));
  const changed = parts.map((part, i) =>
    i % 2 === 1 ? part : part.replace(/[ \t\r\n]+/g, (run) => (run === " " ? " \n\t " : " ")),
  );
  return [html, changed.join("")];
}

const TAG = /<([a-zA-Z][\w:-]*)((?:\s+[^\s=/>"']+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)+)\s*(\/?)>/g;
const ATTRIBUTE = /[^\s=/>"']+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?/g;

/** Reverse the attributes of every tag outside comments, scripts and styles. */
function attributeOrder(html: string): [string, string] | null {
  const parts = html.split(/(<!--[\s\S]*?-->|<script[\s>][\s\S]*?<\/script>|<style[\s>][\s\S]*?<\/style>)/i);
  const reordered = parts.map((part, i) =>
    i % 2 === 1
      ? part
      : part.replace(TAG, (tag, name: string, attributes: string, selfClosing: string) => {
          const list = attributes.match(ATTRIBUTE) ?? [];
          const names = list.map((attribute) => attribute.split("=", 1)[0].trim().toLowerCase());
          // With a duplicated attribute the first one wins, so reversing would change the element.
          if (list.length < 2 || new Set(names).size < names.length) return tag;
          return `<${name} ${list.reverse().join(" ")}${selfClosing}>`;
        }),
  );
  const result = reordered.join("");
  return result === html ? null : [html, result];
}

/** The URL noise families run on a third of the pages (each costs two extractions per page). */
const onSample = (page: CorpusPage): boolean => hashOf(page.file) % 3 === 0;

/** An ad slot whose creative (image, click link) rotates on every visit. */
function rotatingCreative(html: string, page: CorpusPage): [string, string] | null {
  if (!onSample(page)) return null;
  const slot = (creative: number) =>
    `<aside class="ad-slot" id="div-gpt-ad-sidebar-0"><a href="https://ads.example/click?adid=${creative}&amp;placement=side"><img src="https://ads.example/creative/${creative}.jpg" alt="Advertisement" width="300" height="250"></a></aside>`;
  return [inject(html, slot(48213)), inject(html, slot(90771))];
}

/** A tracking pixel with a random query on every visit. */
function trackingPixel(html: string, page: CorpusPage): [string, string] | null {
  if (!onSample(page)) return null;
  const pixel = (r: string, ts: number) =>
    `<img src="https://px.example/collect/t.gif?r=${r}&amp;ts=${ts}" width="1" height="1" alt=""><img src="/pixel.gif?cb=${ts}" alt="">`;
  return [
    inject(html, pixel("q8Zr2LmX0pA7", 1732286011000)),
    inject(html, pixel("Wc4nB9tYe1Kd", 1732289977000)),
  ];
}

const IMG_SRC = /(<img\b[^>]*?\ssrc\s*=\s*["'])([^"'?#]+)(["'])/gi;

/** Every image URL gets a cache-buster that changes between visits (?v=<hash>). */
function cacheBustingQuery(html: string, page: CorpusPage): [string, string] | null {
  if (!onSample(page)) return null;
  const bust = (version: string) =>
    html.replace(IMG_SRC, (_m, open, src, close) => `${open}${src}?v=${version}${close}`);
  const a = bust("3f9a1c27");
  return a === html ? null : [a, bust("b71e0d4c")];
}

const LINK_HREF = /(<a\b[^>]*?\shref\s*=\s*["'])(\/[^"'?#;]*)(["'])/gi;

/** Every relative link and image carries the visitor's session id (path parameter and query). */
function sessionIdInUrls(html: string, page: CorpusPage): [string, string] | null {
  if (!onSample(page)) return null;
  const withSession = (sid: string) =>
    html
      .replace(LINK_HREF, (_m, open, href, close) => `${open}${href};jsessionid=${sid}${close}`)
      .replace(IMG_SRC, (_m, open, src, close) => `${open}${src}?sid=${sid}${close}`);
  const a = withSession("A1B2C3D4E5F6A7B8C9D0E1F2");
  return a === html ? null : [a, withSession("9F8E7D6C5B4A39281706F5E4")];
}

export const noiseHtmlMutations: readonly NoiseMutation[] = [
  { name: "rotating ad creative", apply: rotatingCreative },
  { name: "tracking pixel", apply: trackingPixel },
  { name: "cache-busting query", apply: cacheBustingQuery },
  { name: "session id in urls", apply: sessionIdInUrls },
  { name: "timestamp", apply: timestamp },
  { name: "rotating token", apply: rotatingToken },
  { name: "ad id", apply: adId },
  { name: "view counter", apply: viewCounter },
  { name: "whitespace", apply: whitespace },
  { name: "attribute order", apply: attributeOrder },
];
