import { z } from "zod";
import { renderEmail } from "../render/email";
import { DEFAULT_TIMEOUT_MS } from "./http-delivery";
import type { ChannelDefinition, DeliveryOutcome } from "./types";

const configSchema = z.object({
  to: z
    .string({ error: "The email address is required" })
    .trim()
    .pipe(z.email("Enter a valid email address")),
});
export type EmailConfig = z.infer<typeof configSchema>;

/** Sends through the caller's mailer; the caller only allows verified addresses. */
export const emailChannel: ChannelDefinition<EmailConfig> = {
  type: "email",
  label: "Email",
  configSchema,
  secretFields: [],
  async send(config, message, ctx) {
    const timeoutMs = ctx.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new MailTimeout()), timeoutMs);
    });
    try {
      await Promise.race([ctx.sendMail({ to: config.to, ...renderEmail(message) }), timeout]);
      return { ok: true };
    } catch (error) {
      return mailFailure(error, timeoutMs);
    } finally {
      clearTimeout(timer);
    }
  },
};

class MailTimeout extends Error {}

/** SMTP 5xx is a permanent refusal; 4xx, timeouts and connection problems are worth a retry. */
function mailFailure(error: unknown, timeoutMs: number): DeliveryOutcome {
  if (error instanceof MailTimeout) {
    return {
      ok: false,
      retryable: true,
      reason: `The mail server did not accept the email within ${timeoutMs / 1000} s`,
    };
  }
  const { responseCode, response, message } = error as {
    responseCode?: number;
    response?: string;
    message?: string;
  };
  const said = (response ?? message ?? String(error)).replace(/\s+/g, " ").slice(0, 300);
  if (typeof responseCode === "number" && responseCode >= 500) {
    return {
      ok: false,
      retryable: false,
      status: responseCode,
      reason: `The mail server refused the email: ${said}`,
    };
  }
  const status = typeof responseCode === "number" ? { status: responseCode } : {};
  return { ok: false, retryable: true, ...status, reason: `The email could not be sent: ${said}` };
}
