/** Real and noise-only mutations for JSON API responses and plain-text pages. */
import type { Snapshot } from "../../../src/snapshot";
import type { CorpusPage } from "./corpus";
import { hashOf, pickSpread } from "./dom-targets";
import type { NoiseMutation } from "./noise-html";
import type { RealMutation } from "./real-html";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function* objects(value: Json): Generator<{ [key: string]: Json }> {
  if (Array.isArray(value)) for (const entry of value) yield* objects(entry);
  else if (value !== null && typeof value === "object") {
    yield value;
    for (const entry of Object.values(value)) yield* objects(entry);
  }
}

function* arrays(value: Json): Generator<Json[]> {
  if (Array.isArray(value)) {
    yield value;
    for (const entry of value) yield* arrays(entry);
  } else if (value !== null && typeof value === "object")
    for (const entry of Object.values(value)) yield* arrays(entry);
}

/** Parse, change, and print both versions the same way so only the change differs. */
function editJson(text: string, edit: (root: Json) => boolean): string | null {
  let root: Json;
  try {
    root = JSON.parse(text) as Json;
  } catch {
    return null;
  }
  return edit(root) ? JSON.stringify(root, null, 2) : null;
}

const canonical = (text: string): string => JSON.stringify(JSON.parse(text), null, 2);

function longStrings(root: Json, snapshot: Snapshot): { owner: { [key: string]: Json }; key: string }[] {
  const shown = snapshot.lines.join("\n");
  const found: { owner: { [key: string]: Json }; key: string }[] = [];
  for (const owner of objects(root)) {
    for (const [key, value] of Object.entries(owner)) {
      if (
        typeof value === "string" &&
        /[a-z]{5,}/i.test(value) &&
        value.length >= 12 &&
        shown.includes(JSON.stringify(value).slice(0, 12))
      ) {
        found.push({ owner, key });
      }
    }
  }
  return found;
}

export const realJsonMutations: readonly RealMutation[] = [
  {
    name: "new item",
    expected: "new_content",
    apply: (text, snapshot) =>
      editJson(text, (root) => {
        const urls = new Set(snapshot.items.map((item) => item.url).filter((url) => url !== null));
        for (const list of arrays(root)) {
          const index = list.findIndex((entry) =>
            JSON.stringify(entry)
              .split('"')
              .some((part) => urls.has(part)),
          );
          if (index < 0) continue;
          const clone = JSON.parse(
            JSON.stringify(list[index]).replace(/(https?:\/\/[^"]*?)(["?#])/g, "$1/zebracorn$2"),
          ) as Json;
          list.splice(index, 0, clone);
          return true;
        }
        return false;
      }),
  },
  {
    name: "paragraph edit",
    expected: "text",
    apply: (text, snapshot, page) =>
      editJson(text, (root) => {
        const target = pickSpread(longStrings(root, snapshot), hashOf(page.file));
        if (!target) return false;
        target.owner[target.key] = (target.owner[target.key] as string).replace(/[a-z]{5,}/i, "zebracorn");
        return true;
      }),
  },
  {
    name: "element removed",
    expected: "text",
    apply: (text, snapshot, page) =>
      editJson(text, (root) => {
        const target = pickSpread(longStrings(root, snapshot), hashOf(page.file) + 1);
        if (!target) return false;
        delete target.owner[target.key];
        return true;
      }),
  },
];

/** The same response with a volatile top-level field (a timestamp, a request id) holding two values. */
function withTopLevelField(
  text: string,
  key: string,
  first: string,
  second: string,
): [string, string] | null {
  const variant = (value: string) =>
    editJson(text, (root) => {
      if (typeof root !== "object" || root === null || Array.isArray(root)) return false;
      root[key] = value;
      return true;
    });
  const a = variant(first);
  const b = variant(second);
  return a && b ? [a, b] : null;
}

export const noiseJsonMutations: readonly NoiseMutation[] = [
  {
    name: "whitespace",
    apply: (text) =>
      editJson(text, () => true) === null
        ? null
        : [text, JSON.stringify(JSON.parse(text), null, 4).replace(/\n/g, "\r\n")],
  },
  {
    name: "timestamp",
    apply: (text) => withTopLevelField(text, "generated_at", "2026-11-22T14:31:07Z", "2026-11-22T14:46:59Z"),
  },
  {
    name: "rotating token",
    apply: (text) =>
      withTopLevelField(
        text,
        "request_id",
        "550e8400-e29b-41d4-a716-446655440000",
        "6ba7b810-9dad-41d1-80b4-00c04fd430c8",
      ),
  },
];

function lineEdit(
  text: string,
  page: CorpusPage,
  edit: (lines: string[], index: number) => void,
): string | null {
  const lines = text.split("\n");
  const candidates = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => /^[A-Za-z-]+:\s*\S{3,}/.test(line.trim()));
  const target = pickSpread(candidates, hashOf(page.file));
  if (!target) return null;
  edit(lines, target.index);
  return lines.join("\n");
}

export const realTextMutations: readonly RealMutation[] = [
  {
    name: "paragraph edit",
    expected: "text",
    apply: (text, _s, page) =>
      lineEdit(text, page, (lines, i) => (lines[i] = `${lines[i].trimEnd()}/zebracorn`)),
  },
  {
    name: "element removed",
    expected: "text",
    apply: (text, _s, page) => lineEdit(text, page, (lines, i) => lines.splice(i, 1)),
  },
];

export const noiseTextMutations: readonly NoiseMutation[] = [
  { name: "whitespace", apply: (text) => [text, text.replace(/\n/g, "  \r\n").replace(/: /g, ":\t ")] },
  {
    name: "timestamp",
    apply: (text) => [
      `# Generated 2026-11-22 14:31:07 UTC\n${text}`,
      `# Generated 2026-11-23 08:02:41 UTC\n${text}`,
    ],
  },
];

export { canonical as canonicalJson };
