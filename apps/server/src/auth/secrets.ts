import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** 32 random bytes, URL-safe: refresh tokens and XSRF tokens. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Refresh tokens are high-entropy, so a plain sha-256 is enough to store them. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** Six-digit codes have little entropy: they are stored as a keyed hash, useless without the server secret. */
export function keyedHash(secret: string, value: string): string {
  return createHmac("sha256", secret).update(value).digest("hex");
}

export function randomDigits(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, "0");
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A stable uuid-shaped id derived from a value (DECISIONS 8: the same unknown email gets the same id). */
export function derivedUuid(secret: string, value: string): string {
  const hex = keyedHash(secret, value).slice(0, 32).split("");
  hex[12] = "4";
  hex[16] = ((Number.parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  const h = hex.join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
