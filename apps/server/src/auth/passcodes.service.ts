import { limits } from "@changeradar/contracts";
import { addMs, minutes } from "../clock";
import type { AppContext } from "../context";
import type { PasscodePurpose, UserRow } from "../db/schema";
import { Invalid } from "../http/errors";
import { systemMail } from "../mail/system-mail";
import { claimPasscodeAttempts, consumePasscode, issuePasscode } from "./passcodes.repository";
import { keyedHash, randomDigits, safeEqual } from "./secrets";

type Ctx = Pick<AppContext, "db" | "config" | "clock" | "mailer" | "log">;

/** One answer for every failure (wrong, expired, used up, unknown user), so none can be told apart. */
export const wrongCodeMessage =
  "The code is wrong or has expired. Check your latest email or resend a new code.";

/**
 * Creates a six-digit code for `purpose` and emails it; earlier codes still valid keep working (a resend
 * must not void the code in a mail that arrives late). With `deliverLater`, the
 * answer does not wait for the mail server: flows that must not reveal whether an account exists
 * (forgot-password, resend) then take the same time for a real account as for an unknown one.
 */
export async function sendPasscode(
  ctx: Ctx,
  input: { user: UserRow; purpose: PasscodePurpose; deliverLater?: boolean },
): Promise<void> {
  const { user, purpose } = input;
  const code = randomDigits(limits.passcodeLength);
  const now = ctx.clock.now();
  await issuePasscode(
    ctx.db,
    {
      userId: user.id,
      purpose,
      codeHash: keyedHash(ctx.config.jwtSecret, code),
      expiresAt: addMs(now, minutes(limits.passcodeTtlMinutes)),
    },
    now,
  );
  const key = purpose === "verify_email" ? "verification-code" : "reset-code";
  const sending = systemMail(ctx.db, key, {
    firstName: user.firstName,
    code,
    appUrl: ctx.config.appUrl,
  }).then((mail) => ctx.mailer.send({ to: user.email, ...mail }));
  if (!input.deliverLater) {
    await sending;
    return;
  }
  sending.catch((error: unknown) =>
    ctx.log.error({ err: error, userId: user.id }, "passcode email not recorded"),
  );
}

/**
 * Every guess spends one attempt of each live code first; a match consumes it (and voids the others),
 * anything else throws `Invalid`.
 */
export async function checkPasscode(
  ctx: Ctx,
  input: { user: UserRow | null; purpose: PasscodePurpose; code: string },
): Promise<void> {
  const { user, purpose, code } = input;
  const now = ctx.clock.now();
  const live = user
    ? await claimPasscodeAttempts(ctx.db, user.id, purpose, limits.passcodeMaxAttempts, now)
    : [];
  const guess = keyedHash(ctx.config.jwtSecret, code);
  const matched = live.find((candidate) => safeEqual(candidate.codeHash, guess));
  if (!user || !matched) throw Invalid.field("passcode", wrongCodeMessage);
  if (!(await consumePasscode(ctx.db, { id: matched.id, userId: user.id, purpose }, now))) {
    throw Invalid.field("passcode", wrongCodeMessage);
  }
}
