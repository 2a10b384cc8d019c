import { createHash, randomBytes } from "node:crypto";

/** Business API keys: "cr_live_" + 32 random bytes (base64url); only the sha-256 and a short prefix are kept. */
export const API_KEY_PREFIX = "cr_live_";
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;
const KEY_PATTERN = /^cr_live_[A-Za-z0-9_-]{43}$/;

export function generateApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, SHOWN_PREFIX_LENGTH) };
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function looksLikeApiKey(token: string): boolean {
  return KEY_PATTERN.test(token);
}
