import type { MailStatus } from "../db/schema";

export interface OutgoingMail {
  to: string;
  subject: string;
  /** The template that produced it, e.g. "verification-code"; shown in the admin's email log. */
  template: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface MailResult {
  status: MailStatus;
  error?: string;
}
