import { type AuthUser, limits } from "@changeradar/contracts";
import { errors, jwtVerify, SignJWT } from "jose";
import type { Clock } from "../clock";

const ALGORITHM = "HS256";
const ISSUER = "changeradar";

/**
 * The short-lived access JWT (DESIGN §4): its claims are the AuthUser fields, `sub` the user id, and `sid`
 * the refresh-token family it was issued from (so a request can tell which session it belongs to).
 */
export async function signAccessToken(
  user: AuthUser,
  sessionId: string,
  secret: string,
  clock: Clock,
): Promise<string> {
  const { id, ...fields } = user;
  const claims = { ...fields, sid: sessionId };
  const issuedAt = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(id)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + limits.accessTokenMinutes * 60)
    .sign(key(secret));
}

export type AccessTokenCheck =
  | { ok: true; userId: string; sessionId: string }
  | { ok: false; reason: "expired" | "invalid" };

export async function verifyAccessToken(
  token: string,
  secret: string,
  clock: Clock,
): Promise<AccessTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      currentDate: clock.now(),
      // A token without an expiry would never end: refused, as is one without its session.
      requiredClaims: ["exp", "sub", "sid"],
    });
    const sessionId = typeof payload.sid === "string" ? payload.sid : null;
    return payload.sub && sessionId
      ? { ok: true, userId: payload.sub, sessionId }
      : { ok: false, reason: "invalid" };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}

const keys = new Map<string, Uint8Array>();
function key(secret: string): Uint8Array {
  let encoded = keys.get(secret);
  if (!encoded) {
    encoded = new TextEncoder().encode(secret);
    keys.set(secret, encoded);
  }
  return encoded;
}

/** The session (refresh-token family) of the request's bearer token, for calls that act on "this session". */
export async function sessionIdOf(
  authorization: string | undefined,
  secret: string,
  clock: Clock,
): Promise<string | null> {
  const token = authorization?.startsWith("Bearer ") ? authorization.slice(7) : null;
  if (!token) return null;
  const check = await verifyAccessToken(token, secret, clock);
  return check.ok ? check.sessionId : null;
}
