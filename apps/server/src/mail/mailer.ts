import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../config";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import { recordMail } from "./mail-log.repository";
import type { MailResult, OutgoingMail } from "./mail-types";

export type { MailResult, OutgoingMail } from "./mail-types";

/**
 * Sends email and records every message in mail_log. It never throws for a delivery failure: the result
 * says "failed" with the reason, so callers decide (sign-up still succeeds; alerts retry later).
 */
export interface Mailer {
  send(mail: OutgoingMail): Promise<MailResult>;
  close(): Promise<void>;
}

/** Over SMTP_URL; without it each mail is written to the log (codes included) so flows work anywhere. */
export function createMailer(deps: { config: Config; db: Database; log: Logger }): Mailer {
  const { config, db, log } = deps;
  const transport: Transporter | null = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  async function deliver(mail: OutgoingMail): Promise<MailResult> {
    let result: MailResult;
    if (!transport) {
      log.info(
        { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
        "email (no SMTP_URL: logged, not sent)",
      );
      result = { status: "logged" };
    } else {
      try {
        await transport.sendMail({ from: config.mailFrom, ...mail });
        result = { status: "sent" };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log.warn({ to: mail.to, subject: mail.subject, err: reason }, "email delivery failed");
        result = { status: "failed", error: reason };
      }
    }
    await recordMail(db, mail, result);
    return result;
  }

  // Sends still under way; close() waits for them so a shutdown does not drop a code email.
  const pending = new Set<Promise<MailResult>>();
  return {
    send(mail) {
      const sending = deliver(mail);
      pending.add(sending);
      const settle = () => pending.delete(sending);
      sending.then(settle, settle);
      return sending;
    },
    async close() {
      await Promise.allSettled([...pending]);
      transport?.close();
    },
  };
}
