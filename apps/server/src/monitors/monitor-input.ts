import {
  assertPublicUrl,
  FetchError,
  InvalidIgnoreRuleError,
  parseIgnoreRules,
  parseScope,
} from "@changeradar/engine";
import { Invalid } from "../http/errors";

/**
 * Checks of user input that need the engine: the URL must be http(s) on a public host (the SSRF guard,
 * resolved through DNS), the ignore rules must compile safely and the scope must parse.
 */
export async function assertCheckableUrl(raw: string, guard: { allowPrivateTargets: boolean }): Promise<URL> {
  try {
    return await assertPublicUrl(raw, guard);
  } catch (error) {
    if (error instanceof FetchError) throw Invalid.field("url", error.message);
    throw error;
  }
}

export function assertValidRules(selector: string | null, ignore: readonly string[]): void {
  try {
    parseIgnoreRules(ignore);
  } catch (error) {
    if (error instanceof InvalidIgnoreRuleError) throw Invalid.field("ignore", error.message);
    throw error;
  }
  if (selector) {
    try {
      parseScope(selector);
    } catch (error) {
      throw Invalid.field("selector", error instanceof Error ? error.message : "This selector is not valid.");
    }
  }
}
