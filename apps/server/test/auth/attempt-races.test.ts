import { describe, expect, it } from "vitest";
import { accountOn } from "../alerts/support/accounts";
import { useTestServer } from "../helpers/server";
import { codeFromMail, createUser } from "../helpers/users";

/**
 * Attempt limits must hold under concurrency: 200 wrong guesses sent at once must not each read
 * "attempts = 0" and slip past the limit. Runs on PGlite and (with DATABASE_URL) on PostgreSQL.
 */
const t = useTestServer({ ALLOW_PRIVATE_TARGETS: "true", RATE_LIMIT_SCALE: "1000" });

const PARALLEL = 200;
const wrongCodes = (right: string) =>
  Array.from({ length: PARALLEL }, (_, i) => {
    const n = (Number(right) + 1 + i) % 1_000_000;
    return String(n).padStart(6, "0");
  });

describe("attempt limits under concurrency", () => {
  it("a reset code is void after 200 parallel wrong guesses", async () => {
    const user = await createUser(t.server);
    await t.anonymous.post("/users/forgot-password", { email: user.email });
    const code = await codeFromMail(t.server, user.email, "password reset code");
    const answers = await Promise.all(
      wrongCodes(code).map((passcode) =>
        t.anonymous.post("/users/verify-passcode", { id: user.id, passcode, isVerifyEmail: false }),
      ),
    );
    expect(answers.every((a) => a.status === 400 || a.status === 429)).toBe(true);
    const right = await t.anonymous.post("/users/verify-passcode", {
      id: user.id,
      passcode: code,
      isVerifyEmail: false,
    });
    expect(right.status).toBe(400);
  });

  it("a channel verification code is void after 200 parallel wrong guesses", async () => {
    const user = await accountOn(t.server, "Free", { verified: true });
    const to = `team-${user.id.slice(0, 8)}@example.test`;
    const created = await user.client.post<{ id: string }>("/channels", {
      type: "email",
      name: "Team",
      config: { to },
    });
    expect(created.status).toBe(201);
    const mail = await t.server.smtp.waitForMail(
      (m) => m.to.includes(to) && m.subject.includes("verification code"),
    );
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const answers = await Promise.all(
      wrongCodes(code).map((guess) =>
        user.client.post(`/channels/${created.body.id}/verify`, { code: guess }),
      ),
    );
    expect(answers.every((a) => a.status === 400 || a.status === 429)).toBe(true);
    const right = await user.client.post<{ verified?: boolean }>(`/channels/${created.body.id}/verify`, {
      code,
    });
    expect(right.status).not.toBe(200);
  });
});
