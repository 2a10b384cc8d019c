import { messages } from "@changeradar/contracts";
import { describe, expect, it } from "vitest";
import { wrongCodeMessage } from "../../src/auth/passcodes.service";
import { ApiClient } from "../helpers/client";
import { useTestServer } from "../helpers/server";
import { codeFromMail, createUser, uniqueEmail } from "../helpers/users";

const t = useTestServer();

const resetSubject = "password reset code";
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function requestReset(email: string): Promise<{ userId: string; code: string }> {
  const forgot = await t.anonymous.post<{ userId: string }>("/users/forgot-password", { email });
  expect(forgot.status).toBe(200);
  return { userId: forgot.body.userId, code: await codeFromMail(t.server, email, resetSubject) };
}

describe("password recovery", () => {
  it("forgot → code → verify → reset: new password works, old sessions end", async () => {
    const user = await createUser(t.server);
    const { userId, code } = await requestReset(user.email);
    expect(userId).toBe(user.id);

    const verify = await t.anonymous.post("/users/verify-passcode", {
      id: userId,
      passcode: code,
      isVerifyEmail: false,
    });
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ userId, resetToken: expect.stringMatching(/^[\w-]{43}$/) });
    const resetToken = (verify.body as { resetToken: string }).resetToken;

    const reset = await t.anonymous.post("/users/reset-password", {
      id: userId,
      password: "brand new",
      resetToken,
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: messages.passwordUpdatedLogin });
    expect((await user.client.get("/auth/refresh", { xsrf: true })).status).toBe(401);
    expect((await t.anonymous.post("/auth/login", { email: user.email, password: "brand new" })).status).toBe(
      200,
    );

    // The token is single-use; a used code cannot be replayed.
    const again = await t.anonymous.post("/users/reset-password", {
      id: userId,
      password: "again",
      resetToken,
    });
    expect(again.status).toBe(400);
    const replay = await t.anonymous.post("/users/verify-passcode", {
      id: userId,
      passcode: code,
      isVerifyEmail: false,
    });
    expect(replay.status).toBe(400);
  });

  it("does not reset without a verified code", async () => {
    const user = await createUser(t.server);
    const reset = await t.anonymous.post("/users/reset-password", {
      id: user.id,
      password: "sneaky",
      resetToken: "x".repeat(43),
    });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toMatch(/expired/);
  });

  it("an attacker racing the victim's window cannot set the password: the token goes to whoever verified", async () => {
    const victim = await createUser(t.server);
    // The attacker learns the victim's id the way anyone can: forgot-password answers it.
    const { userId, code } = await requestReset(victim.email);
    const verified = await t.anonymous.post<{ resetToken: string }>("/users/verify-passcode", {
      id: userId,
      passcode: code,
      isVerifyEmail: false,
    });
    expect(verified.status).toBe(200);
    const attacker = new ApiClient(t.server.baseUrl);
    for (const body of [
      { id: userId, password: "attacker!" },
      { id: userId, password: "attacker!", resetToken: "" },
      { id: userId, password: "attacker!", resetToken: "A".repeat(43) },
    ]) {
      const attempt = await attacker.post("/users/reset-password", body);
      expect(attempt.status).toBe(400);
    }
    // Another account's token does not reset this one.
    const other = await createUser(t.server);
    const otherReset = await requestReset(other.email);
    const otherToken = (
      await t.anonymous.post<{ resetToken: string }>("/users/verify-passcode", {
        id: other.id,
        passcode: otherReset.code,
      })
    ).body.resetToken;
    expect(
      (
        await attacker.post("/users/reset-password", {
          id: userId,
          password: "attacker!",
          resetToken: otherToken,
        })
      ).status,
    ).toBe(400);
    expect((await attacker.post("/auth/login", { email: victim.email, password: "attacker!" })).status).toBe(
      401,
    );
    const reset = await t.anonymous.post("/users/reset-password", {
      id: userId,
      password: "victim's own",
      resetToken: verified.body.resetToken,
    });
    expect(reset.status).toBe(200);
  });

  it("the reset token is short-lived", async () => {
    const user = await createUser(t.server);
    const { code } = await requestReset(user.email);
    const verified = await t.anonymous.post<{ resetToken: string }>("/users/verify-passcode", {
      id: user.id,
      passcode: code,
    });
    t.server.clock.advance(16 * 60_000);
    const late = await t.anonymous.post("/users/reset-password", {
      id: user.id,
      password: "too late",
      resetToken: verified.body.resetToken,
    });
    expect(late.status).toBe(400);
  });

  it("answers an unknown email like a real one, with a stable id, and sends nothing", async () => {
    const email = uniqueEmail("ghost");
    const first = await t.anonymous.post<{ userId: string }>("/users/forgot-password", { email });
    const second = await t.anonymous.post<{ userId: string }>("/users/forgot-password", {
      email: email.toUpperCase(),
    });
    expect(first.status).toBe(200);
    expect(first.body.userId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(second.body.userId).toBe(first.body.userId);
    const verify = await t.anonymous.post("/users/verify-passcode", {
      id: first.body.userId,
      passcode: "123456",
    });
    expect(verify.status).toBe(400);
    expect(verify.body.message).toBe(wrongCodeMessage);
    const resend = await t.anonymous.post("/auth/resend-code", { userId: first.body.userId, email });
    expect(resend.body).toEqual({ message: messages.passcodeResent });
    expect(t.server.smtp.mails.some((m) => m.to.includes(email))).toBe(false);
  });

  it("voids a code after 5 wrong attempts, even for the right code afterwards", async () => {
    const user = await createUser(t.server);
    const { code } = await requestReset(user.email);
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await t.anonymous.post("/users/verify-passcode", {
        id: user.id,
        passcode: otherCode(code),
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({
        message: wrongCodeMessage,
        errors: [{ path: "passcode", msg: wrongCodeMessage }],
      });
    }
    const right = await t.anonymous.post("/users/verify-passcode", { id: user.id, passcode: code });
    expect(right.status).toBe(400);
  });

  it("refuses an expired code (10 minutes)", async () => {
    const user = await createUser(t.server);
    const { code } = await requestReset(user.email);
    t.server.clock.advance(11 * 60_000);
    const late = await t.anonymous.post("/users/verify-passcode", { id: user.id, passcode: code });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(wrongCodeMessage);
  });

  /** Resends the code and returns the newly mailed one. */
  async function resend(user: { id: string; email: string }): Promise<string> {
    const before = t.server.smtp.mails.length;
    const answer = await t.anonymous.post("/auth/resend-code", { userId: user.id, email: user.email });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: messages.passcodeResent });
    const mail = await t.server.smtp.waitForMail(
      (m) => t.server.smtp.mails.indexOf(m) >= before && m.to.includes(user.email),
    );
    return /\b(\d{6})\b/.exec(mail.text)![1]!;
  }
  const verify = (id: string, passcode: string) =>
    t.anonymous.post("/users/verify-passcode", { id, passcode }).then((r) => r.status);

  it("resend does not void a code still valid: the first code works, and using it voids the new one", async () => {
    const user = await createUser(t.server);
    const { code: first } = await requestReset(user.email);
    const second = await resend(user);
    expect(await verify(user.id, first)).toBe(200);
    expect(await verify(user.id, second)).toBe(400);
  });

  it("after a resend the new code works too, and then the old one is used up", async () => {
    const user = await createUser(t.server);
    const { code: first } = await requestReset(user.email);
    const second = await resend(user);
    expect(await verify(user.id, second)).toBe(200);
    if (second !== first) expect(await verify(user.id, first)).toBe(400);
  });

  it("wrong guesses spend the attempts of every live code: five wrong after a resend void both", async () => {
    const user = await createUser(t.server);
    const { code: first } = await requestReset(user.email);
    const second = await resend(user);
    let wrong = "000000";
    while (wrong === first || wrong === second) wrong = otherCode(wrong);
    for (let attempt = 0; attempt < 5; attempt++) expect(await verify(user.id, wrong)).toBe(400);
    expect(await verify(user.id, first)).toBe(400);
    expect(await verify(user.id, second)).toBe(400);
  });

  it("only the three newest codes stay usable, and an expired one never", async () => {
    const user = await createUser(t.server);
    const { code: oldest } = await requestReset(user.email);
    const newer = [await resend(user), await resend(user), await resend(user)];
    if (!newer.includes(oldest)) expect(await verify(user.id, oldest)).toBe(400);
    t.server.clock.advance(11 * 60_000);
    expect(await verify(user.id, newer[2]!)).toBe(400);
  });

  it("resend with a mismatched email sends nothing but answers the same", async () => {
    const user = await createUser(t.server);
    await codeFromMail(t.server, user.email, "verification code");
    const mailsToUser = () => t.server.smtp.mails.filter((m) => m.to.includes(user.email)).length;
    const before = mailsToUser();
    const resend = await t.anonymous.post("/auth/resend-code", { userId: user.id, email: uniqueEmail() });
    expect(resend.body).toEqual({ message: messages.passcodeResent });
    // A real resend afterwards: once its mail is in, only that one is new.
    await t.anonymous.post("/auth/resend-code", { userId: user.id, email: user.email });
    await t.server.smtp.waitForMail(() => mailsToUser() > before);
    expect(mailsToUser()).toBe(before + 1);
  });

  it("treats malformed and SQL-looking ids as unknown", async () => {
    for (const id of ["1 OR 1=1", "'; DELETE FROM users; --", "x".repeat(64)]) {
      const verify = await t.anonymous.post("/users/verify-passcode", { id, passcode: "000000" });
      expect(verify.status).toBe(400);
      expect(verify.body.message).toBe(wrongCodeMessage);
    }
    const tooLong = await t.anonymous.post("/users/verify-passcode", {
      id: "x".repeat(65),
      passcode: "000000",
    });
    expect(tooLong.status).toBe(400);
    const letters = await t.anonymous.post("/users/verify-passcode", { id: "abc", passcode: "12a456" });
    expect(letters.body.errors).toEqual([{ path: "passcode", msg: messages.passcodeDigits }]);
  });
});

describe("email verification", () => {
  it("marks the email verified with the sign-up code", async () => {
    const user = await createUser(t.server);
    const code = await codeFromMail(t.server, user.email, "verification code");
    const wrongPurpose = await t.anonymous.post("/users/verify-passcode", {
      id: user.id,
      passcode: code,
      isVerifyEmail: false,
    });
    expect(wrongPurpose.status).toBe(400);
    const verify = await t.anonymous.post("/users/verify-passcode", {
      id: user.id,
      passcode: code,
      isVerifyEmail: true,
    });
    expect(verify.status).toBe(200);
    const me = await user.client.get("/users/me");
    expect(me.body.emailVerified).toBe(true);
  });

  it("resend after sign-up sends a new verification code", async () => {
    const user = await createUser(t.server);
    await codeFromMail(t.server, user.email, "verification code");
    await t.anonymous.post("/auth/resend-code", { userId: user.id, email: user.email });
    await t.server.smtp.waitForMail(
      () =>
        t.server.smtp.mails.filter((m) => m.to.includes(user.email) && m.subject.includes("verification"))
          .length === 2,
    );
    const code = await codeFromMail(t.server, user.email, "verification code");
    const verify = await t.anonymous.post("/users/verify-passcode", {
      id: user.id,
      passcode: code,
      isVerifyEmail: true,
    });
    expect(verify.status).toBe(200);
  });
});
