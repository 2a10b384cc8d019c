import type { Item } from "../../snapshot";
import { absoluteUrl } from "../html/images";
import { maxItems } from "./html-items";
import { itemKey } from "./item-key";

const titleFields = [
  "title",
  "name",
  "summary",
  "filename",
  "subject",
  "headline",
  "text",
  "message",
  "label",
];
const urlFields = ["html_url", "url", "link", "href", "permalink", "post_url", "web_url", "short_url"];
const idFields = ["key", "tag_name", "id", "uuid", "guid", "slug", "number"];

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** Entries of the largest array of objects near the top of a JSON document (the list an API returns). */
export function jsonItems(value: unknown, baseUrl: string): Item[] {
  const list = mainArray(value);
  const items: Item[] = [];
  const seen = new Set<string>();
  for (const entry of list) {
    if (!isObject(entry)) continue;
    const title =
      firstString(entry, titleFields) ??
      nestedString(entry, titleFields) ??
      firstString(entry, idFields) ??
      "";
    const rawUrl = firstString(entry, urlFields);
    const url = rawUrl === null ? null : (absoluteUrl(rawUrl, safeBase(baseUrl))?.href ?? null);
    const id = firstString(entry, idFields);
    if (title === "" && url === null) continue;
    const key = url ?? (id !== null ? `id:${id}` : itemKey(null, title));
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({ title: title.slice(0, 300), url, key });
    if (items.length >= maxItems) break;
  }
  return items;
}

/** Objects that look like list entries: they carry a title or a link. */
const entryLike = (v: unknown) =>
  isObject(v) && (firstString(v, titleFields) !== null || firstString(v, urlFields) !== null);

function mainArray(value: unknown): unknown[] {
  let best: unknown[] = [];
  let bestScore = 0;
  const queue: [unknown, number][] = [[value, 0]];
  for (let next = 0; next < queue.length; next++) {
    const [v, depth] = queue[next] as [unknown, number];
    if (Array.isArray(v)) {
      const score = v.filter(entryLike).length;
      if (score > bestScore) {
        best = v;
        bestScore = score;
      }
    } else if (isObject(v) && depth < 3) {
      for (const child of Object.values(v))
        if (child !== null && typeof child === "object") queue.push([child, depth + 1]);
    }
  }
  return best;
}

function firstString(o: Obj, fields: string[]): string | null {
  for (const f of fields) {
    const v = o[f];
    if (typeof v === "string" && v.trim() !== "") return v.trim();
    if (typeof v === "number") return String(v);
  }
  return null;
}

function nestedString(o: Obj, fields: string[]): string | null {
  for (const v of Object.values(o)) {
    const found = isObject(v) ? firstString(v, fields) : null;
    if (found !== null) return found;
  }
  return null;
}

function safeBase(url: string): string | undefined {
  return URL.canParse(url) ? url : undefined;
}
