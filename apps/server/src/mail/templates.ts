import { limits } from "@changeradar/contracts";

/**
 * The system emails, each with its default wording. Administrators may edit subject, heading and body in
 * Manage Emails (stored in mail_templates); `{{name}}` inserts a variable. In the body, a blank line starts
 * a new paragraph and a paragraph that is only `{{code}}` is shown as a large code.
 */
export interface TemplateVariable {
  name: string;
  description: string;
  sample: string;
}

export interface TemplateDefinition {
  key: string;
  name: string;
  description: string;
  variables: TemplateVariable[];
  subject: string;
  heading: string;
  body: string;
}

const appUrl: TemplateVariable = {
  name: "appUrl",
  description: "The product's address",
  sample: "https://changeradar.app",
};
const firstName: TemplateVariable = {
  name: "firstName",
  description: "The user's first name",
  sample: "Ada",
};
const code: TemplateVariable = { name: "code", description: "The six-digit code", sample: "493021" };
const expiry = `The code expires in ${limits.passcodeTtlMinutes} minutes.`;
const sender = (who: string): TemplateVariable[] => [
  { name: "name", description: `The ${who}'s name`, sample: "Ada Lovelace" },
  { name: "email", description: `The ${who}'s email address`, sample: "ada@example.com" },
  { name: "subject", description: "The subject they wrote", sample: "My monitor shows no changes" },
  { name: "message", description: "Their message", sample: "Hello, the price on my page changed but…" },
];

export const templateDefinitions: TemplateDefinition[] = [
  {
    key: "verification-code",
    name: "Email verification code",
    description: "Sent at sign-up and when a user asks for a new verification code.",
    variables: [firstName, code, appUrl],
    subject: "{{code}} is your ChangeRadar verification code",
    heading: "Verify your email address",
    body: `Hi {{firstName}},\n\nWelcome to ChangeRadar! Enter this code to verify your email address:\n\n{{code}}\n\n${expiry}\n\nIf you did not create a ChangeRadar account, you can ignore this email.`,
  },
  {
    key: "reset-code",
    name: "Password reset code",
    description: "Sent when a user asks to reset a forgotten password.",
    variables: [firstName, code, appUrl],
    subject: "{{code}} is your ChangeRadar password reset code",
    heading: "Reset your password",
    body: `Hi {{firstName}},\n\nWe received a request to reset your ChangeRadar password. Enter this code:\n\n{{code}}\n\n${expiry}\n\nIf you did not ask for this, ignore this email: your password stays as it is.`,
  },
  {
    key: "support-request",
    name: "Support request (to the support team)",
    description: "The support team's copy of a signed-in user's help request.",
    variables: [
      ...sender("customer"),
      { name: "plan", description: "The customer's plan", sample: "Pro" },
      appUrl,
    ],
    subject: "[Support] {{subject}}",
    heading: "New support request",
    body: "From: {{name}} <{{email}}>\nPlan: {{plan}}\nSubject: {{subject}}\n\n{{message}}\n\nAnswer it in the admin area (Customers) so the customer sees the reply on their Support screen.",
  },
  {
    key: "contact-message",
    name: "Contact-form message (to the support team)",
    description: "The support team's copy of a message sent through the public contact form.",
    variables: [...sender("sender"), appUrl],
    subject: "[Contact] {{subject}}",
    heading: "New contact message",
    body: "From: {{name}} <{{email}}>\nSubject: {{subject}}\n\n{{message}}\n\nReply to this email to answer the sender.",
  },
  {
    key: "support-reply",
    name: "Answer to a support request",
    description: "Sent to the customer when the support team answers their request.",
    variables: [
      firstName,
      { name: "subject", description: "The subject of their request", sample: "My monitor shows no changes" },
      { name: "reply", description: "The support team's answer", sample: "Thanks for writing! The page…" },
      {
        name: "supportUrl",
        description: "Where the customer reads the conversation",
        sample: "https://changeradar.app/auth/support",
      },
      appUrl,
    ],
    subject: "Re: {{subject}}",
    heading: "We answered your request",
    body: "Hi {{firstName}},\n\n{{reply}}\n\nYou can read the whole conversation on your Support page: {{supportUrl}}\n\nThe ChangeRadar team",
  },
];

export type SystemMailKey =
  | "verification-code"
  | "reset-code"
  | "support-request"
  | "contact-message"
  | "support-reply";

export function templateDefinition(key: string): TemplateDefinition | undefined {
  return templateDefinitions.find((t) => t.key === key);
}
