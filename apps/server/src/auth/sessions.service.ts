import { randomUUID } from "node:crypto";
import { type AuthUser, limits } from "@changeradar/contracts";
import { addMs, days } from "../clock";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { Forbidden, Unauthorized } from "../http/errors";
import { toAuthUser } from "../users/users.presenter";
import { findUserById } from "../users/users.repository";
import { signAccessToken } from "./access-token";
import {
  findRefreshToken,
  insertRefreshToken,
  markRotated,
  revokeFamily,
  revokeUserTokens,
} from "./refresh-tokens.repository";
import { randomToken, sha256 } from "./secrets";
import { forgetSessions } from "./session-liveness";

type Ctx = Pick<AppContext, "db" | "config" | "clock" | "log">;

export interface Session {
  accessToken: string;
  user: AuthUser;
  /** The new refresh token for the cookie. */
  refreshToken: string;
  persistent: boolean;
}

/**
 * Two tabs refreshing at the same moment both present the same token; the slower one must not be taken
 * for a thief. Nor must a browser whose refresh answer never arrived (the page was reloaded or closed while
 * the request was in flight): it still holds the rotated token. Within this window a just-rotated token
 * yields a fresh successor in the same family, so the browser's cookie heals instead of being replayed
 * until the window closes and the family is revoked.
 */
const ROTATION_GRACE_MS = 10_000;

const sessionEnded = "Your session has ended. Please sign in again.";

async function accessFor(ctx: Ctx, row: UserRow, familyId: string) {
  const user = toAuthUser(row);
  return { user, accessToken: await signAccessToken(user, familyId, ctx.config.jwtSecret, ctx.clock) };
}

/** After a login or a sign-up: a new token family. */
export async function startSession(
  ctx: Ctx,
  input: { user: UserRow; persistent: boolean },
): Promise<Session> {
  const { user: row, persistent } = input;
  const refreshToken = randomToken();
  const now = ctx.clock.now();
  const familyId = randomUUID();
  await insertRefreshToken(ctx.db, {
    familyId,
    userId: row.id,
    tokenHash: sha256(refreshToken),
    persistent,
    expiresAt: addMs(now, days(limits.persistentRefreshDays)),
  });
  return { ...(await accessFor(ctx, row, familyId)), refreshToken, persistent };
}

/** GET /auth/refresh: rotates the token; a token that was already rotated revokes its whole family. */
export async function refreshSession(ctx: Ctx, input: { presented: string | undefined }): Promise<Session> {
  const { presented } = input;
  if (!presented) throw new Unauthorized(sessionEnded);
  const token = await findRefreshToken(ctx.db, sha256(presented));
  const now = ctx.clock.now();
  if (!token || token.revokedAt || token.expiresAt <= now) throw new Unauthorized(sessionEnded);
  const user = await findUserById(ctx.db, token.userId);
  if (!user || user.disabledAt) {
    await revokeFamily(ctx.db, token.familyId, now);
    throw new Unauthorized(sessionEnded);
  }
  const justRotated = (at: Date) => now.getTime() - at.getTime() <= ROTATION_GRACE_MS;
  if (token.rotatedAt && !justRotated(token.rotatedAt)) {
    await revokeFamily(ctx.db, token.familyId, now);
    ctx.log.warn({ userId: user.id }, "rotated refresh token reused: session family revoked");
    throw new Forbidden("This session was ended for your security. Please sign in again.");
  }
  if (!token.rotatedAt) await markRotated(ctx.db, token.id, now);
  const refreshToken = randomToken();
  await insertRefreshToken(ctx.db, {
    familyId: token.familyId,
    userId: user.id,
    tokenHash: sha256(refreshToken),
    persistent: token.persistent,
    expiresAt: addMs(now, days(limits.persistentRefreshDays)),
  });
  return { ...(await accessFor(ctx, user, token.familyId)), refreshToken, persistent: token.persistent };
}

/** POST /auth/logout: the presented token's family can no longer refresh. */
export async function endSession(ctx: Ctx, input: { presented: string | undefined }): Promise<void> {
  const { presented } = input;
  if (!presented) return;
  const token = await findRefreshToken(ctx.db, sha256(presented));
  if (!token) return;
  await revokeFamily(ctx.db, token.familyId, ctx.clock.now());
  forgetSessions({ sessionId: token.familyId });
}

/** After a password change: every other session ends; the one making the change (if known) stays. */
export async function endOtherSessions(
  ctx: Ctx,
  input: { userId: string; currentSessionId: string | null },
): Promise<void> {
  const { userId, currentSessionId } = input;
  await revokeUserTokens(ctx.db, userId, ctx.clock.now(), currentSessionId ?? undefined);
  forgetSessions({ userId });
}

export async function endAllSessions(ctx: Ctx, input: { userId: string }): Promise<void> {
  await revokeUserTokens(ctx.db, input.userId, ctx.clock.now());
  forgetSessions({ userId: input.userId });
}
