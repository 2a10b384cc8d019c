import { JSONPath } from "jsonpath-plus";
import type { Scope, Snapshot } from "../../snapshot";
import { jsonItems } from "../items/json-items";
import { emptyStructure } from "./empty";
import { extractText, textLines } from "./text";

/** JSON: stable pretty lines (keys sorted), items from the main array of objects; JSONPath scopes. */
export function extractJson(url: string, text: string, scope: Scope | undefined): Snapshot {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\ufeff/, ""));
  } catch {
    return { ...extractText(url, text), scopeMatched: scope === undefined ? null : false };
  }
  let selected: unknown[] = [value];
  let scopeMatched: boolean | null = null;
  if (scope !== undefined) {
    if (scope.kind !== "jsonpath")
      throw new Error("A JSON response is scoped with a JSONPath ($.…), not a CSS selector or XPath.");
    try {
      selected = JSONPath({ path: scope.path, json: value as object, wrap: true }) as unknown[];
    } catch (error) {
      throw new Error(`Invalid JSONPath "${scope.path}": ${(error as Error).message}`);
    }
    scopeMatched = selected.length > 0;
  }
  let lines: string[] = [];
  try {
    // One push per line, not push(...lines): a large document has more lines than a call takes arguments.
    for (const part of selected) for (const line of prettyLines(part)) lines.push(line);
  } catch {
    // Nesting too deep to print: the response text itself, line by line.
    lines = textLines(text);
  }
  const itemSource = scope === undefined ? value : selected.length === 1 ? selected[0] : selected;
  return {
    version: 1,
    url,
    format: "json",
    title: titleOf(value),
    lines,
    price: null,
    availability: "unknown",
    items: jsonItems(itemSource, url),
    images: [],
    structure: emptyStructure(),
    scopeMatched,
  };
}

function prettyLines(value: unknown): string[] {
  return textLines(JSON.stringify(value, sortedKeys, 2) ?? "");
}

/** A replacer that re-creates objects with sorted keys, so key order never shows up as a change. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) out[k] = (value as Record<string, unknown>)[k];
  return out;
}

function titleOf(value: unknown): string | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const info = v.info as Record<string, unknown> | undefined;
  const title = v.title ?? v.name ?? info?.name;
  return typeof title === "string" ? title : null;
}
