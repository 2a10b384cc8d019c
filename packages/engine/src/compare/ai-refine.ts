/**
 * Optional AI refinement: an OpenAI-compatible `/chat/completions` endpoint rewrites the summary and
 * judges whether the change matters against the user's own criteria. Any failure (network, timeout,
 * HTTP error, malformed answer) returns the deterministic result unchanged.
 */
import { fetch } from "undici";
import { truncate } from "./summary";
import type { ChangeResult } from "./types";

export interface AiOptions {
  baseUrl: string;
  apiKey?: string | null;
  model?: string | null;
  /** What the user cares about, in plain words ("only price drops below $20 matter"). */
  criteria?: string | null;
  timeoutMs?: number;
}

const DEFAULT_MODEL = "gpt-4o-mini";
const MAX_CONTEXT_LINES = 20;

const SYSTEM_PROMPT = [
  "You help a website change monitor explain changes.",
  "Given a detected change and the user's criteria, answer with a JSON object only:",
  '{"summary": one plain sentence of at most 120 characters describing what changed,',
  ' "important": true if the user would want an alert given their criteria, else false,',
  ' "reason": a short explanation of the judgement}.',
].join("\n");

function describeChange(result: ChangeResult): string {
  const changedLines = result.diffs.text
    .filter((entry) => entry.op !== "equal")
    .slice(0, MAX_CONTEXT_LINES)
    .map(
      (entry) =>
        `${entry.op}: ${truncate(entry.before ?? "", 200)}${entry.after ? ` => ${truncate(entry.after, 200)}` : ""}`,
    );
  return JSON.stringify({
    summary: result.summary,
    kinds: result.kinds,
    significance: result.significance,
    price: result.diffs.price,
    availability: result.diffs.availability,
    newItems: result.diffs.items.added.slice(0, 10).map((item) => item.title),
    changedLines,
  });
}

interface Judgement {
  summary: string;
  important: boolean;
  reason: string;
}

/** Read the model's answer: a JSON object, possibly wrapped in a Markdown code fence. */
export function parseJudgement(content: string): Judgement | null {
  const start = content.indexOf("{");
  const end = content.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.slice(start, end + 1));
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { summary, important, reason } = parsed as Record<string, unknown>;
  if (typeof summary !== "string" || summary.trim() === "" || typeof important !== "boolean") return null;
  return {
    summary: truncate(summary.trim().replace(/\s+/g, " "), 200),
    important,
    reason: typeof reason === "string" ? reason : "",
  };
}

async function askModel(result: ChangeResult, options: AiOptions): Promise<Judgement | null> {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: options.model || DEFAULT_MODEL,
      temperature: 0,
      response_format: { type: "json_object" },
      messages: [
        { role: "system", content: SYSTEM_PROMPT },
        {
          role: "user",
          content: `User's criteria: ${options.criteria?.trim() || "(none given)"}\nChange: ${describeChange(result)}`,
        },
      ],
    }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = body.choices?.[0]?.message?.content;
  return typeof content === "string" ? parseJudgement(content) : null;
}

export async function refineWithAI(result: ChangeResult, options: AiOptions): Promise<ChangeResult> {
  if (!result.changed) return result;
  let judgement: Judgement | null;
  try {
    judgement = await askModel(result, options);
  } catch {
    judgement = null;
  }
  if (!judgement) return result;
  return {
    ...result,
    summary: judgement.summary,
    alert: result.alert && judgement.important,
    ai: {
      important: judgement.important,
      reason: judgement.reason,
      originalSummary: result.summary,
      model: options.model || DEFAULT_MODEL,
    },
  };
}
