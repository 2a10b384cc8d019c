import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, nextAttemptAt, RETRY_DELAYS_MS } from "../../src/alerts/backoff";
import { lastDigestTime } from "../../src/alerts/digest/digest-job";
import { createSecretBox } from "../../src/alerts/secret-box";
import { generateApiKey, hashApiKey, looksLikeApiKey } from "../../src/api-keys/api-key-token";

describe("retry schedule", () => {
  const now = new Date("2026-03-02T10:00:00Z");
  it("waits about 1 min, 5 min, 30 min, 2 h and 6 h, then gives up", () => {
    const waits = [1, 2, 3, 4, 5].map((attempts) => nextAttemptAt(attempts, now)!.getTime() - now.getTime());
    expect(waits).toEqual([...RETRY_DELAYS_MS]);
    expect(nextAttemptAt(MAX_ATTEMPTS, now)).toBeNull();
  });
  it("honours a longer Retry-After, capped at the longest delay", () => {
    expect(nextAttemptAt(1, now, 120_000)!.getTime() - now.getTime()).toBe(120_000);
    expect(nextAttemptAt(1, now, 10 * 86_400_000)!.getTime() - now.getTime()).toBe(RETRY_DELAYS_MS.at(-1));
  });
});

describe("channel secret sealing", () => {
  it("round-trips, never repeats a ciphertext, and refuses tampering or another key", () => {
    const box = createSecretBox("server-secret-server-secret-server-secret");
    const sealed = box.seal('{"secret":"whsec_abc"}');
    expect(sealed).not.toContain("whsec_abc");
    expect(box.seal('{"secret":"whsec_abc"}')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('{"secret":"whsec_abc"}');
    const parts = sealed.split(".");
    const tampered = [...parts.slice(0, 3), Buffer.from("x").toString("base64url")].join(".");
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox("another-secret-another-secret-another").open(sealed)).toThrow();
  });
});

describe("API key tokens", () => {
  it("are cr_live_ + 32 random bytes, recognisable, and hashed", () => {
    const { key, hash, prefix } = generateApiKey();
    expect(key).toMatch(/^cr_live_[A-Za-z0-9_-]{43}$/);
    expect(looksLikeApiKey(key)).toBe(true);
    expect(looksLikeApiKey("eyJhbGciOiJIUzI1NiJ9.x.y")).toBe(false);
    expect(hash).toBe(hashApiKey(key));
    expect(hash).not.toContain(key.slice(8));
    expect(key.startsWith(prefix)).toBe(true);
    expect(generateApiKey().key).not.toBe(key);
  });
});

describe("digest time", () => {
  it("is today's digest hour once it has passed, else yesterday's", () => {
    expect(lastDigestTime(new Date("2026-03-02T09:30:00Z"), 8).toISOString()).toBe(
      "2026-03-02T08:00:00.000Z",
    );
    expect(lastDigestTime(new Date("2026-03-02T07:59:00Z"), 8).toISOString()).toBe(
      "2026-03-01T08:00:00.000Z",
    );
    expect(lastDigestTime(new Date("2026-03-02T08:00:00Z"), 8).toISOString()).toBe(
      "2026-03-02T08:00:00.000Z",
    );
  });
});
