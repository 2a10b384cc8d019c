import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Channel secrets at rest (DESIGN §4): AES-256-GCM, keyed by HKDF-SHA256 from the server secret, so
 * a database dump alone does not reveal tokens. Format: "v1.<iv>.<tag>.<ciphertext>" in base64url.
 */
const VERSION = "v1";
const KEY_INFO = "changeradar/channel-secrets/v1";

export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

/** `purpose` gives each kind of secret its own key (channel tokens by default; browser-step secrets have theirs). */
export function createSecretBox(serverSecret: string, purpose = KEY_INFO): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", serverSecret, "changeradar", purpose, 32));
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, ciphertext]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split(".");
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
        throw new Error("Sealed secret has an unknown format");
      }
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, "base64url")),
        decipher.final(),
      ]).toString("utf8");
    },
  };
}
