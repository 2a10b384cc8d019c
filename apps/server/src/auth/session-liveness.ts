import type { AppContext } from "../context";
import { isUuid } from "../users/users.repository";
import { isSessionLive } from "./refresh-tokens.repository";

/**
 * Whether an access token's session (its refresh-token family) is still open, so logout and a password
 * reset end access tokens at once instead of when they expire. Answers are cached a few seconds per
 * session: one query per session and interval, not per request. Ending a session on this node forgets its
 * entry at once; another node may take up to the cache's lifetime to notice.
 */
const CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  userId: string;
  live: boolean;
  checkedAt: number;
}
const cache = new Map<string, Entry>();

export async function sessionIsLive(
  ctx: Pick<AppContext, "db" | "clock">,
  sessionId: string,
  userId: string,
): Promise<boolean> {
  if (!isUuid(sessionId)) return false;
  const now = ctx.clock.now();
  const cached = cache.get(sessionId);
  if (cached && cached.userId === userId && Math.abs(now.getTime() - cached.checkedAt) < CACHE_MS) {
    return cached.live;
  }
  const live = await isSessionLive(ctx.db, sessionId, userId, now);
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(sessionId, { userId, live, checkedAt: now.getTime() });
  return live;
}

/** After a session (or every session of a user) was revoked. */
export function forgetSessions(match: { sessionId?: string; userId?: string }): void {
  if (match.sessionId) cache.delete(match.sessionId);
  if (match.userId) {
    for (const [id, entry] of cache) if (entry.userId === match.userId) cache.delete(id);
  }
}
