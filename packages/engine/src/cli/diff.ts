/**
 * `changeradar diff <old-file> <new-file> [--json]`: compare two saved pages the way a check compares two
 * fetches, with every kind watched (or those given with --watch).
 */
import { parseArgs } from "node:util";
import { type WatchKind, watchKinds } from "@changeradar/contracts";
import { type ChangeResult, compareSnapshots, onlyChanges, refineWithAI } from "../compare";
import { extractSnapshot, parseScope } from "../extract";
import type { CheckIo } from "./check";
import { formatDiff } from "./diff-format";
import { readSavedPage } from "./saved-page";

const usage = `Usage: changeradar diff <old-file> <new-file> [--json] [--watch K,K] [--ignore RULE]… [--selector S] [--url U]

Compares two saved pages (HTML, JSON, text, RSS/Atom, PDF; the type comes from the extension or the
bytes) and prints what changed.
  --json         print one JSON object: changed, alert, kinds, summary, significance, flipFlop,
                 fingerprint, diffs (text: changed lines only; items, images, price, availability, structure)
  --watch K,K    kinds that count (${watchKinds.join(", ")}); all by default
  --ignore RULE  ignore lines containing RULE, or mask /regex/flags matches (repeatable)
  --selector S   compare only part of the pages (CSS selector, XPath, or JSONPath for JSON)
  --url U        the address the pages were saved from (resolves relative links and images)
With AI_BASE_URL set (AI_API_KEY, AI_MODEL optional), an OpenAI-compatible endpoint rewrites the summary.`;

interface DiffArgs {
  oldFile: string;
  newFile: string;
  json: boolean;
  watch: WatchKind[];
  ignore: string[];
  selector: string | undefined;
  url: string | undefined;
}

function parseWatch(value: string | undefined): WatchKind[] {
  if (value === undefined) return [...watchKinds];
  const kinds = value.split(",").map((kind) => kind.trim());
  const unknown = kinds.filter((kind) => !(watchKinds as readonly string[]).includes(kind));
  if (unknown.length > 0)
    throw new Error(`Unknown kind to watch: ${unknown.join(", ")} (use ${watchKinds.join(", ")}).`);
  return kinds as WatchKind[];
}

function parseDiffArgs(args: string[]): DiffArgs | "help" {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: "boolean", default: false },
      watch: { type: "string" },
      ignore: { type: "string", multiple: true, default: [] },
      selector: { type: "string", short: "s" },
      url: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) return "help";
  if (positionals.length !== 2) throw new Error("Give exactly two files: the old page and the new page.");
  return {
    oldFile: positionals[0],
    newFile: positionals[1],
    json: values.json,
    watch: parseWatch(values.watch),
    ignore: values.ignore,
    selector: values.selector,
    url: values.url,
  };
}

/** The JSON printed by `diff --json`: the change result with the text diff limited to changed lines. */
export function diffResultJson(result: ChangeResult) {
  const { visual, ...diffs } = result.diffs;
  return {
    changed: result.changed,
    alert: result.alert,
    kinds: result.kinds,
    summary: result.summary,
    significance: result.significance,
    flipFlop: result.flipFlop,
    fingerprint: result.fingerprint,
    diffs: { ...diffs, text: onlyChanges(diffs.text), visual: visual ? { percent: visual.percent } : null },
    ...(result.ai ? { ai: result.ai } : {}),
  };
}

export async function runDiff(args: string[], io: CheckIo = process): Promise<number> {
  let parsed: DiffArgs | "help";
  try {
    parsed = parseDiffArgs(args);
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n\n${usage}\n`);
    return 1;
  }
  if (parsed === "help") {
    io.stdout.write(`${usage}\n`);
    return 0;
  }
  const options = parsed;
  try {
    const scope = options.selector === undefined ? undefined : parseScope(options.selector);
    const [oldPage, newPage] = await Promise.all([
      readSavedPage(options.oldFile, options.url),
      readSavedPage(options.newFile, options.url),
    ]);
    const [before, after] = await Promise.all([
      extractSnapshot(oldPage, { scope }),
      extractSnapshot(newPage, { scope }),
    ]);
    for (const [file, snapshot] of [
      [options.oldFile, before],
      [options.newFile, after],
    ] as const) {
      if (snapshot.scopeMatched === false)
        throw new Error(`The selector "${options.selector}" matched nothing in ${file}.`);
    }
    let result = compareSnapshots(before, after, { watch: options.watch, ignore: options.ignore });
    if (io.env.AI_BASE_URL) {
      result = await refineWithAI(result, {
        baseUrl: io.env.AI_BASE_URL,
        apiKey: io.env.AI_API_KEY,
        model: io.env.AI_MODEL,
      });
    }
    io.stdout.write(options.json ? `${JSON.stringify(diffResultJson(result))}\n` : formatDiff(result));
    return 0;
  } catch (error) {
    io.stderr.write(`Diff failed: ${(error as Error).message}\n`);
    return 1;
  }
}
