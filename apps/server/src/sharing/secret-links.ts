import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { isUuid } from "../users/users.repository";

/**
 * Secret addresses of feeds and share links: `<row id>.<mac>`, the mac an HMAC-SHA256 of the id and the
 * row's nonce under a key derived from the server secret (one key per purpose). Nothing secret is stored,
 * the owner can be shown the address again, and a new nonce voids the old address.
 */
export interface SecretLinks {
  token(id: string, nonce: string): string;
  /** The row id a token names, or null when it cannot be one of ours. */
  idOf(token: string): string | null;
  matches(token: string, id: string, nonce: string): boolean;
}

export function newNonce(): string {
  return randomBytes(16).toString("base64url");
}

const derived = new Map<string, SecretLinks>();

/**
 * The links of one purpose under the server's secret: the key is derived once and kept for the process
 * (a server has one secret), as the services' factories kept it before.
 */
export function secretLinksOf(serverSecret: string, purpose: "feeds" | "shares"): SecretLinks {
  const key = `${purpose}\n${serverSecret}`;
  const links = derived.get(key) ?? createSecretLinks(serverSecret, purpose);
  derived.set(key, links);
  return links;
}

function createSecretLinks(serverSecret: string, purpose: "feeds" | "shares"): SecretLinks {
  const key = Buffer.from(hkdfSync("sha256", serverSecret, "changeradar", `changeradar/${purpose}/v1`, 32));
  const mac = (id: string, nonce: string) =>
    createHmac("sha256", key).update(`${id}.${nonce}`).digest("base64url").slice(0, 32);
  return {
    token: (id, nonce) => `${id}.${mac(id, nonce)}`,
    idOf(token) {
      const [id, given, extra] = token.split(".");
      return extra === undefined && given && isUuid(id) ? id : null;
    },
    matches(token, id, nonce) {
      const expected = Buffer.from(`${id}.${mac(id, nonce)}`);
      const actual = Buffer.from(token);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
