import { limits } from "@changeradar/contracts";
import { codeBlock, detailsTable, layout, paragraph } from "./layout";
import type { OutgoingMail } from "./mailer";

/** The system emails. Each returns a complete message; the caller hands it to the Mailer. */
type Template = Omit<OutgoingMail, "to" | "replyTo">;

const expiry = `The code expires in ${limits.passcodeTtlMinutes} minutes.`;

export function verificationCodeMail(p: { firstName: string; code: string; appUrl: string }): Template {
  const title = "Verify your email address";
  const lines = [
    `Hi ${p.firstName},`,
    "Welcome to ChangeRadar! Enter this code to verify your email address:",
  ];
  const ignore = "If you did not create a ChangeRadar account, you can ignore this email.";
  return {
    template: "verification-code",
    subject: `${p.code} is your ChangeRadar verification code`,
    text: `${lines.join("\n\n")}\n\n${p.code}\n\n${expiry}\n\n${ignore}\n`,
    html: layout(
      title,
      lines.map(paragraph).join("") + codeBlock(p.code) + paragraph(expiry) + paragraph(ignore),
      p.appUrl,
    ),
  };
}

export function resetCodeMail(p: { firstName: string; code: string; appUrl: string }): Template {
  const title = "Reset your password";
  const lines = [
    `Hi ${p.firstName},`,
    "We received a request to reset your ChangeRadar password. Enter this code:",
  ];
  const ignore = "If you did not ask for this, ignore this email: your password stays as it is.";
  return {
    template: "reset-code",
    subject: `${p.code} is your ChangeRadar password reset code`,
    text: `${lines.join("\n\n")}\n\n${p.code}\n\n${expiry}\n\n${ignore}\n`,
    html: layout(
      title,
      lines.map(paragraph).join("") + codeBlock(p.code) + paragraph(expiry) + paragraph(ignore),
      p.appUrl,
    ),
  };
}

interface SupportDetails {
  name: string;
  email: string;
  subject: string;
  message: string;
  plan?: string;
  appUrl: string;
}

/** The support team's copy of a signed-in user's help request. */
export function supportRequestMail(p: SupportDetails): Template {
  const rows: Array<[string, string]> = [
    ["From", `${p.name} <${p.email}>`],
    ["Plan", p.plan ?? "unknown"],
    ["Subject", p.subject],
    ["Message", p.message],
  ];
  return {
    template: "support-request",
    subject: `[Support] ${p.subject}`,
    text: `${rows.map(([k, v]) => `${k}: ${v}`).join("\n")}\n`,
    html: layout(
      "New support request",
      detailsTable(rows) + paragraph("Reply to this email to answer the customer."),
      p.appUrl,
    ),
  };
}

/** The support team's copy of a contact-form message. */
export function contactMessageMail(p: SupportDetails): Template {
  const rows: Array<[string, string]> = [
    ["From", `${p.name} <${p.email}>`],
    ["Subject", p.subject],
    ["Message", p.message],
  ];
  return {
    template: "contact-message",
    subject: `[Contact] ${p.subject}`,
    text: `${rows.map(([k, v]) => `${k}: ${v}`).join("\n")}\n`,
    html: layout(
      "New contact message",
      detailsTable(rows) + paragraph("Reply to this email to answer the sender."),
      p.appUrl,
    ),
  };
}
