import {
  type forgotPasswordSchema,
  limits,
  messages,
  type resendCodeSchema,
  type resetPasswordSchema,
  type verifyPasscodeSchema,
} from "@changeradar/contracts";
import type { z } from "zod";
import { addMs, minutes } from "../clock";
import type { AppContext } from "../context";
import { Invalid } from "../http/errors";
import { findUserByEmail, findUserById, normaliseEmail, updateUser } from "../users/users.repository";
import { becomesAdmin } from "./auth.service";
import { consumePasswordResetGrant, grantPasswordReset, latestPasscodePurpose } from "./passcodes.repository";
import { checkPasscode, sendPasscode } from "./passcodes.service";
import { hashPassword } from "./passwords";
import { derivedUuid, randomToken, sha256 } from "./secrets";
import { endAllSessions } from "./sessions.service";

type Ctx = Pick<AppContext, "db" | "config" | "clock" | "mailer" | "log">;

/**
 * POST /users/forgot-password. Any well-formed email gets an id (DECISIONS 8): a real account's id, or one
 * derived from the email, stable across requests, that later behaves like an account whose codes never match.
 */
export async function forgotPassword(ctx: Ctx, input: z.output<typeof forgotPasswordSchema>) {
  const email = normaliseEmail(input.email);
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.disabledAt) return { userId: derivedUuid(ctx.config.jwtSecret, `no-account:${email}`) };
  await sendPasscode(ctx, { user, purpose: "reset_password", deliverLater: true });
  return { userId: user.id };
}

/**
 * POST /users/verify-passcode. With isVerifyEmail the address is marked verified; otherwise the answer
 * carries a random single-use token, and only its holder may reset the password within the next minutes
 * (knowing the user id, which forgot-password answers anyone, is not enough).
 */
export async function verifyPasscode(ctx: Ctx, input: z.output<typeof verifyPasscodeSchema>) {
  const user = await findUserById(ctx.db, input.id);
  const purpose = input.isVerifyEmail ? "verify_email" : "reset_password";
  await checkPasscode(ctx, {
    user: user && !user.disabledAt ? user : null,
    purpose,
    code: input.passcode,
  });
  // checkPasscode throws unless a live code matched, so the user exists here.
  const now = ctx.clock.now();
  if (purpose === "verify_email") {
    const verified = { ...user!, emailVerifiedAt: user!.emailVerifiedAt ?? now };
    if (!user!.emailVerifiedAt || becomesAdmin(ctx, verified)) {
      await updateUser(ctx.db, user!.id, {
        emailVerifiedAt: verified.emailVerifiedAt,
        ...(becomesAdmin(ctx, verified) ? { isAdmin: true } : {}),
      });
    }
    return { userId: user!.id };
  }
  const resetToken = randomToken();
  const expiresAt = addMs(now, minutes(limits.passcodeTtlMinutes));
  await grantPasswordReset(ctx.db, { userId: user!.id, tokenHash: sha256(resetToken), expiresAt }, now);
  return { userId: user!.id, resetToken };
}

/** POST /users/reset-password: consumes the token's grant, sets the password, ends every session. */
export async function resetPassword(ctx: Ctx, input: z.output<typeof resetPasswordSchema>) {
  const user = await findUserById(ctx.db, input.id);
  const tokenHash = sha256(input.resetToken);
  const granted = user ? await consumePasswordResetGrant(ctx.db, user.id, tokenHash, ctx.clock.now()) : false;
  if (!user || !granted) {
    throw new Invalid("This password reset has expired. Please request a new code.");
  }
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(input.password) });
  await endAllSessions(ctx, { userId: user.id });
  return { message: messages.passwordUpdatedLogin };
}

/**
 * POST /auth/resend-code: a new code for whatever the user was last asked to confirm. The answer is the
 * same whether or not the id and email belong to an account; only a real account receives mail.
 */
export async function resendCode(ctx: Ctx, input: z.output<typeof resendCodeSchema>) {
  const user = await findUserById(ctx.db, input.userId);
  if (user && !user.disabledAt && user.email === normaliseEmail(input.email)) {
    const purpose =
      (await latestPasscodePurpose(ctx.db, user.id)) ??
      (user.emailVerifiedAt ? "reset_password" : "verify_email");
    await sendPasscode(ctx, { user, purpose, deliverLater: true });
  }
  return { message: messages.passcodeResent };
}
