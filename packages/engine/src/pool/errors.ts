/** Errors across the thread boundary: a job's error keeps its name and message (and its class when known). */
import { InvalidIgnoreRuleError } from "../compare/user-regex";
import { PageTooComplexError } from "../extract/html/parse-capped";

/** A page whose processing passed the pool's time or memory budget: a check error, never a stalled server. */
export class PageProcessingError extends Error {
  constructor(
    readonly reason: "time" | "memory" | "crash",
    message: string,
  ) {
    super(message);
    this.name = "PageProcessingError";
  }
}

export const tooSlow = (budgetMs: number): PageProcessingError =>
  new PageProcessingError(
    "time",
    `The page took too long to process (more than ${formatSeconds(budgetMs)}); it cannot be checked.`,
  );

export const tooBig = (budgetMb: number): PageProcessingError =>
  new PageProcessingError(
    "memory",
    `The page needed too much memory to process (more than ${budgetMb} MB); it cannot be checked.`,
  );

export const crashed = (cause: unknown): PageProcessingError =>
  new PageProcessingError(
    "crash",
    `The page could not be processed: ${cause instanceof Error ? cause.message : String(cause)}`,
  );

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

export interface SerialisedError {
  name: string;
  message: string;
  rule?: string;
}

export function serialiseError(error: unknown): SerialisedError {
  if (error instanceof InvalidIgnoreRuleError)
    return { name: error.name, message: error.message, rule: error.rule };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}

export function reviveError(error: SerialisedError): Error {
  if (error.name === "PageTooComplexError") return new PageTooComplexError(error.message);
  if (error.name === "InvalidIgnoreRuleError")
    return new InvalidIgnoreRuleError(error.rule ?? "", error.message);
  const revived = new Error(error.message);
  revived.name = error.name;
  return revived;
}
