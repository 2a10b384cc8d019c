import { type AuthUser, limits } from "@changeradar/contracts";
import { errors, jwtVerify, SignJWT } from "jose";
import type { Clock } from "../clock";

const ALGORITHM = "HS256";
const ISSUER = "changeradar";

/** The short-lived access JWT (DESIGN §4): its claims are the AuthUser fields, `sub` the user id. */
export async function signAccessToken(user: AuthUser, secret: string, clock: Clock): Promise<string> {
  const { id, ...claims } = user;
  const issuedAt = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(id)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + limits.accessTokenMinutes * 60)
    .sign(key(secret));
}

export type AccessTokenCheck = { ok: true; userId: string } | { ok: false; reason: "expired" | "invalid" };

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
    });
    return payload.sub ? { ok: true, userId: payload.sub } : { ok: false, reason: "invalid" };
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
