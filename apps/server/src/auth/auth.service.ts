import { randomUUID } from "node:crypto";
import {
  type AuthUser,
  defaultNotificationPreferences,
  type loginSchema,
  type signupSchema,
} from "@changeradar/contracts";
import type { z } from "zod";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { Unauthorized } from "../http/errors";
import { findUserByEmail, insertUser, normaliseEmail, updateUser } from "../users/users.repository";
import { signAccessToken } from "./access-token";
import { sendPasscode } from "./passcodes.service";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "./passwords";
import { derivedUuid, randomToken } from "./secrets";
import { type Session, startSession } from "./sessions.service";

type Ctx = Pick<AppContext, "db" | "config" | "clock" | "mailer" | "log">;

const wrongCredentials = "Invalid email or password.";

/** POST /auth/login. Unknown email and wrong password get the same answer, in the same time. */
export async function login(ctx: Ctx, input: z.output<typeof loginSchema>): Promise<Session> {
  let user = await findUserByEmail(ctx.db, input.email);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !passwordOk) throw new Unauthorized(wrongCredentials);
  if (user.disabledAt) throw new Unauthorized("This account is disabled. Please contact support.");
  if (becomesAdmin(ctx, user)) user = await updateUser(ctx.db, user.id, { isAdmin: true });
  return startSession(ctx, { user, persistent: input.keepSignedIn ?? false });
}

/**
 * POST /users/new-merchant. A paid plan starts 'incomplete' until payment (DECISIONS 6). The account is
 * signed in at once and a verification code is emailed; a failed email does not fail the sign-up.
 */
export async function signUp(ctx: Ctx, input: z.output<typeof signupSchema>): Promise<Session> {
  const email = normaliseEmail(input.email);
  const user = await insertUser(ctx.db, {
    email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName ?? "",
    planType: input.planType,
    planStatus: input.planType === "Free" ? "active" : "incomplete",
    period: input.period,
    // ADMIN_EMAIL grants admin only once the address is proven (verify-passcode), never at sign-up.
    isAdmin: false,
  });
  if (!user) return answerForTakenEmail(ctx, input, email);
  await sendPasscode(ctx, { user, purpose: "verify_email" });
  return startSession(ctx, { user, persistent: input.keepSignedIn ?? false });
}

/**
 * A taken email gets the same answer as a new one (status, body shape, cookies), so sign-up cannot tell
 * who has an account; the answer opens nothing (no such user, no such session), and the owner is told.
 */
async function answerForTakenEmail(
  ctx: Ctx,
  input: z.output<typeof signupSchema>,
  email: string,
): Promise<Session> {
  const user: AuthUser = {
    id: derivedUuid(ctx.config.jwtSecret, `taken:${email}`),
    email,
    firstName: input.firstName,
    lastName: input.lastName ?? "",
    planStatus: input.planType === "Free" ? "active" : "incomplete",
    planType: input.planType,
    isAdmin: false,
    emailVerified: false,
    notificationPreferences: defaultNotificationPreferences,
  };
  await ctx.mailer.send({
    to: email,
    subject: "Someone tried to sign up to ChangeRadar with your address",
    template: "signup-address-taken",
    text: `Someone tried to sign up with your address on ChangeRadar, which already has an account for it. If it was you, sign in at ${ctx.config.appUrl}/login (or reset your password from there). If not, you can ignore this email: nothing was changed.\n`,
    html: `<p>Someone tried to sign up with your address on ChangeRadar, which already has an account for it.</p><p>If it was you, <a href="${ctx.config.appUrl}/login">sign in</a> (or reset your password from there). If not, you can ignore this email: nothing was changed.</p>`,
  });
  const accessToken = await signAccessToken(user, randomUUID(), ctx.config.jwtSecret, ctx.clock);
  return { accessToken, user, refreshToken: randomToken(), persistent: input.keepSignedIn ?? false };
}

/** ADMIN_EMAIL's account is an admin once its address is verified: knowing the address is not enough. */
export function becomesAdmin(
  ctx: Pick<AppContext, "config">,
  user: Pick<UserRow, "email" | "isAdmin" | "emailVerifiedAt">,
): boolean {
  const adminEmail = ctx.config.adminEmail;
  return !user.isAdmin && user.emailVerifiedAt !== null && adminEmail === normaliseEmail(user.email);
}
