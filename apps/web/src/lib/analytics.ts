/**
 * The product's own first-party visitor count (DECISIONS: analytics): one POST /auth/record-visitor
 * per browser session, only after the visitor accepted all cookies.
 */
const recordedKey = "cr_visit_recorded";
let enabled = false;

export function analyticsEnabled(): boolean {
  return enabled;
}

async function recordVisitor(): Promise<void> {
  // Loaded on demand: the API client is not part of the landing page's first load.
  const { accountApi } = await import("../api/account-api");
  await accountApi.recordVisitor();
}

export function startAnalytics(send: () => Promise<void> = recordVisitor): void {
  enabled = true;
  if (sessionStorage.getItem(recordedKey) === "true") return;
  sessionStorage.setItem(recordedKey, "true");
  send().catch(() => {
    // A lost visit count is not worth bothering the visitor; the next session records again.
    sessionStorage.removeItem(recordedKey);
  });
}

export function disableAnalytics(): void {
  enabled = false;
}
