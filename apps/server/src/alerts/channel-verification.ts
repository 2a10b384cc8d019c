import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { ChannelRow } from "../db/schema/alerts";
import { Invalid, TooManyRequests } from "../http/errors";
import type { Mailer } from "../mail/mailer";
import {
  claimVerificationAttempt,
  findVerificationCode,
  markChannelVerified,
  saveVerificationCode,
} from "./channels.repository";
import { escapeHtml } from "./render/escape";

/**
 * Email channels to an address other than the account's verified one must prove it is theirs: a
 * six-digit code is mailed to it (stored as an HMAC; 10-minute expiry, 5 attempts, one resend a minute),
 * so ChangeRadar cannot be used to mail strangers.
 */
const CODE_TTL_MS = 10 * 60_000;
const MAX_ATTEMPTS = 5;
const RESEND_AFTER_MS = 60_000;

export interface VerificationDeps {
  db: Database;
  mailer: Mailer;
  clock: Clock;
  secret: string;
}

function hashCode(secret: string, channelId: string, code: string): string {
  return createHmac("sha256", secret).update(`${channelId}:${code}`).digest("hex");
}

export async function sendVerificationCode(
  deps: VerificationDeps,
  channel: ChannelRow,
  options: { resend: boolean },
): Promise<void> {
  const now = deps.clock.now();
  if (options.resend) {
    const existing = await findVerificationCode(deps.db, channel.id);
    if (existing && now.getTime() - existing.sentAt.getTime() < RESEND_AFTER_MS) {
      throw new TooManyRequests(
        "A code was sent less than a minute ago. Please wait a minute and try again.",
      );
    }
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await saveVerificationCode(deps.db, channel.id, {
    codeHash: hashCode(deps.secret, channel.id, code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    sentAt: now,
  });
  const to = String(channel.config.to);
  const name = escapeHtml(channel.name);
  await deps.mailer.send({
    to,
    subject: `Your ChangeRadar verification code: ${code}`,
    template: "channel-verification",
    text: `Enter ${code} in ChangeRadar to receive alerts at this address (channel "${channel.name}"). The code expires in 10 minutes.\n\nIf you did not ask for this, ignore this email: nothing will be sent to you.\n`,
    html: `<p>Enter <strong style="font-size:20px;letter-spacing:2px">${code}</strong> in ChangeRadar to receive alerts at this address (channel “${name}”). The code expires in 10 minutes.</p><p style="color:#64748b">If you did not ask for this, ignore this email: nothing will be sent to you.</p>`,
  });
}

export async function verifyChannelCode(
  deps: VerificationDeps,
  channel: ChannelRow,
  code: string,
): Promise<void> {
  const now = deps.clock.now();
  const codeHash = await claimVerificationAttempt(deps.db, channel.id, MAX_ATTEMPTS, now);
  if (!codeHash) throw Invalid.field("code", "This code has expired. Send a new code and try again.");
  const expected = Buffer.from(codeHash, "hex");
  const given = Buffer.from(hashCode(deps.secret, channel.id, code), "hex");
  if (!timingSafeEqual(expected, given)) throw Invalid.field("code", "Invalid code");
  await markChannelVerified(deps.db, channel.id, now);
}
