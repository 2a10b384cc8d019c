import type { BrowserStep } from "@changeradar/contracts";
import { isRecord, text } from "./import-entry";

/**
 * changedetection.io's browser steps (`browser_steps` in a watch: `{ operation, selector, optional_value }`)
 * as ours, for the operations that mean the same thing. Its selectors starting with one "/" are XPath,
 * which the browser reads with an `xpath=` prefix. Typed text into a password-like field is a secret.
 */
type Mapping = (selector: string | undefined, value: string, url: string) => BrowserStep | null;

const mappings: Record<string, Mapping> = {
  "goto site": (_selector, _value, url) => ({ kind: "goto", url }),
  "goto url": (_selector, value) => (value.trim() ? { kind: "goto", url: value.trim() } : null),
  "click element": (selector) => (selector ? { kind: "click", selector } : null),
  "enter text in field": (selector, value) =>
    selector ? { kind: "type", selector, text: value, secret: looksSecret(selector) } : null,
  "select by label": (selector, value) => (selector && value ? { kind: "select", selector, value } : null),
  "<select> by option text": (selector, value) =>
    selector && value ? { kind: "select", selector, value } : null,
  "press enter": () => ({ kind: "press", key: "Enter" }),
  "scroll down": () => ({ kind: "scroll" }),
  "wait for text": (_selector, value) =>
    value.trim() ? { kind: "wait_for_text", text: value.trim() } : null,
};

/** The operations carried over, as the dry run names them. */
export const carriedOperations = "go to, click, enter text, select, press Enter, scroll down, wait for text";

export interface ReadSteps {
  steps: BrowserStep[];
  /** Source steps with no equivalent here, named as the source names them ("step 3 “Execute JS”"). */
  unmapped: string[];
}

export function changedetectionSteps(raw: unknown, url: string): ReadSteps {
  const real = (Array.isArray(raw) ? raw : []).filter(isRecord).filter((step) => {
    const operation = text(step.operation);
    return operation !== undefined && !/^choose one$/i.test(operation);
  });
  const steps: BrowserStep[] = [];
  const unmapped: string[] = [];
  real.forEach((step, index) => {
    const operation = text(step.operation) ?? "";
    // Its first step opens the watch's own page, where ours start anyway.
    if (index === 0 && /^goto site$/i.test(operation)) return;
    const mapping = mappings[operation.toLowerCase()];
    const value = typeof step.optional_value === "string" ? step.optional_value : "";
    const mapped = mapping?.(selectorOf(step.selector), value, url) ?? null;
    if (mapped) steps.push(mapped);
    else unmapped.push(`step ${index + 1} “${operation.slice(0, 60)}”`);
  });
  return { steps, unmapped };
}

function selectorOf(value: unknown): string | undefined {
  const selector = text(value);
  if (!selector) return undefined;
  return selector.startsWith("/") && !selector.startsWith("//") ? `xpath=${selector}` : selector;
}

function looksSecret(selector: string): boolean {
  return /pass|pwd|secret|token|pin\b/i.test(selector);
}
