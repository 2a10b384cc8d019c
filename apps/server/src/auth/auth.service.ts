import type { loginSchema, signupSchema } from "@changeradar/contracts";
import type { z } from "zod";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { Conflict, Unauthorized } from "../http/errors";
import { findUserByEmail, insertUser, normaliseEmail, updateUser } from "../users/users.repository";
import { sendPasscode } from "./passcodes.service";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "./passwords";
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
  return startSession(ctx, user, input.keepSignedIn ?? false);
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
  if (!user) throw new Conflict("An account with this email already exists. Please sign in instead.");
  await sendPasscode(ctx, user, "verify_email");
  return startSession(ctx, user, input.keepSignedIn ?? false);
}

/** ADMIN_EMAIL's account is an admin once its address is verified: knowing the address is not enough. */
export function becomesAdmin(
  ctx: Pick<AppContext, "config">,
  user: Pick<UserRow, "email" | "isAdmin" | "emailVerifiedAt">,
): boolean {
  const adminEmail = ctx.config.adminEmail;
  return !user.isAdmin && user.emailVerifiedAt !== null && adminEmail === normaliseEmail(user.email);
}
