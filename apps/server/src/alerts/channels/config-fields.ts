import { z } from "zod";
import type { ConfigCheckOptions, ConfigProblem, DeliveryContext, DeliveryOutcome } from "./types";

/** A URL field that accepts only http and https, with a message naming the field. */
export function httpUrlField(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .max(2048, `${label} is too long`)
    .pipe(z.url({ protocol: /^https?$/, error: `${label} must be a valid http or https URL` }));
}

/** Known hosts for a chat webhook; an empty list accepts any host. */
export interface UrlRules {
  label: string;
  hostSuffixes: readonly string[];
  /** The config key, for the problem's path; "url" when absent. */
  path?: string;
}

/**
 * Receiver URLs must use https, and chat webhooks must point at their service, unless the deployment
 * allows insecure targets (tests on 127.0.0.1).
 */
export function checkReceiverUrl(raw: string, rules: UrlRules, options: ConfigCheckOptions): ConfigProblem[] {
  if (options.allowInsecureTargets) return [];
  const path = rules.path ?? "url";
  const url = new URL(raw);
  if (url.protocol !== "https:") return [{ path, msg: `${rules.label} must use https` }];
  const host = url.hostname.toLowerCase();
  const known = rules.hostSuffixes.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
  if (rules.hostSuffixes.length > 0 && !known) {
    return [{ path, msg: `${rules.label} must be on ${rules.hostSuffixes.join(" or ")}` }];
  }
  return [];
}

/** The same rules at send time: a refused URL is a permanent failure, never a request. */
export function refuseInsecureTarget(
  raw: string,
  rules: UrlRules,
  ctx: DeliveryContext,
): DeliveryOutcome | null {
  const problems = checkReceiverUrl(raw, rules, ctx);
  return problems.length > 0
    ? { ok: false, retryable: false, reason: problems.map((p) => p.msg).join("; ") }
    : null;
}
