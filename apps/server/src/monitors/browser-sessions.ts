import type { BrowserCookie } from "@changeradar/engine";
import { eq, sql } from "drizzle-orm";
import type { BrowserSessions } from "../checks/page-check";
import type { Database } from "../db";
import { monitorBrowserState } from "../db/schema/monitors";
import { openSteps, stepSecretBox } from "./step-secrets";

/**
 * What the check workers need of a monitor's browser: its steps with their secrets opened, and its cookie
 * jar, kept sealed between checks (issue 13 §1). Cookies that cannot be opened (the server secret changed)
 * are forgotten: the steps sign in again.
 */
export function browserSessions(db: Database, serverSecret: string): BrowserSessions {
  const box = stepSecretBox(serverSecret);
  return {
    async open(monitor) {
      const [state] = await db
        .select({ cookies: monitorBrowserState.cookies })
        .from(monitorBrowserState)
        .where(eq(monitorBrowserState.monitorId, monitor.id));
      return { steps: openSteps(box, monitor.browserSteps), cookies: openCookies(state?.cookies ?? null) };
    },
    async keep(monitorId, cookies) {
      const sealed = box.seal(JSON.stringify(cookies));
      await db
        .insert(monitorBrowserState)
        .values({ monitorId, cookies: sealed })
        .onConflictDoUpdate({
          target: monitorBrowserState.monitorId,
          set: { cookies: sealed, failureScreenshot: null, failedAt: null, updatedAt: sql`now()` },
        });
    },
    async failed(monitorId, screenshot) {
      const failure = {
        failureScreenshot: screenshot ? Buffer.from(screenshot) : null,
        failedAt: new Date(),
      };
      await db
        .insert(monitorBrowserState)
        .values({ monitorId, ...failure })
        .onConflictDoUpdate({
          target: monitorBrowserState.monitorId,
          set: { ...failure, updatedAt: sql`now()` },
        });
    },
  };

  function openCookies(sealed: string | null): BrowserCookie[] {
    if (!sealed) return [];
    try {
      const cookies: unknown = JSON.parse(box.open(sealed));
      return Array.isArray(cookies) ? (cookies as BrowserCookie[]) : [];
    } catch {
      return [];
    }
  }
}
