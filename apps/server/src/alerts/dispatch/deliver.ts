import {
  type AlertMessage,
  type DeliveryPayload,
  type DigestPayload,
  deliveryPayloadSchema,
} from "@changeradar/contracts";
import type { Config } from "../../config";
import type { DeliveryRow } from "../../db/schema/alerts";
import type { Mailer } from "../../mail/mailer";
import { getChannel } from "../channels/registry";
import type { DeliveryContext, DeliveryOutcome } from "../channels/types";
import { renderDigestEmail } from "../digest/digest-email";
import type { SecretBox } from "../secret-box";
import { alertMessageFor } from "./alert-message";
import type { DeliverySubject } from "./deliveries.repository";
import { resolveTarget } from "./delivery-target";

export interface DeliverDeps {
  config: Pick<Config, "appUrl">;
  mailer: Mailer;
  secretBox: SecretBox;
  /** Shared by every attempt: the guarded dispatcher, timeouts, clock. `sendMail` is added here. */
  context: Omit<DeliveryContext, "sendMail">;
}

/** Sends one claimed delivery through its channel. Never throws: every failure is an outcome. */
export async function deliver(
  delivery: DeliveryRow,
  subject: DeliverySubject | null,
  deps: DeliverDeps,
): Promise<DeliveryOutcome> {
  if (!subject) return { ok: false, retryable: false, reason: "The account no longer exists." };
  const target = resolveTarget(delivery, subject, deps.secretBox, deps.context.now?.() ?? new Date());
  if (!target.ok) return { ok: false, retryable: false, reason: target.reason };
  const ctx: DeliveryContext = { ...deps.context, sendMail: mailSender(deps.mailer, delivery.kind) };

  const stored = deliveryPayloadSchema.safeParse({ kind: delivery.kind, payload: delivery.payload });
  if (!stored.success) return { ok: false, retryable: false, reason: "The stored message is unreadable." };
  if (stored.data.kind === "digest")
    return sendDigest(stored.data.payload, String(target.config.to), ctx, deps.config.appUrl);
  const message = messageFor(delivery, stored.data, subject, deps.config.appUrl);
  if (!message) return { ok: false, retryable: false, reason: "The alert was removed." };

  const channel = getChannel(delivery.channelType);
  const parsed = channel.configSchema.safeParse(target.config);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => issue.message).join("; ");
    return { ok: false, retryable: false, reason: `The channel settings are invalid: ${problems}` };
  }
  try {
    return await channel.send(parsed.data, message, ctx);
  } catch (error) {
    // Channels classify their own failures; anything thrown is a bug there, so it is retried, not lost.
    return {
      ok: false,
      retryable: true,
      reason: `Unexpected error while sending: ${(error as Error).message}`,
    };
  }
}

function messageFor(
  delivery: DeliveryRow,
  stored: DeliveryPayload,
  subject: DeliverySubject,
  appUrl: string,
): AlertMessage | null {
  if (stored.kind === "test") {
    // A test carries its own sample message; the delivery id keeps it de-duplicable like any alert.
    return { ...stored.payload, id: delivery.id };
  }
  return subject.notification ? alertMessageFor(delivery, subject.notification, appUrl) : null;
}

async function sendDigest(
  payload: DigestPayload,
  to: string,
  ctx: DeliveryContext,
  appUrl: string,
): Promise<DeliveryOutcome> {
  const mail = renderDigestEmail(payload, appUrl);
  try {
    await ctx.sendMail({ to, ...mail });
    return { ok: true };
  } catch (error) {
    return {
      ok: false,
      retryable: true,
      reason: `The digest email could not be sent: ${(error as Error).message}`,
    };
  }
}

/** The Mailer never throws; the channel expects a rejection for a failed send, so it can retry. */
function mailSender(mailer: Mailer, kind: DeliveryRow["kind"]): DeliveryContext["sendMail"] {
  return async (mail) => {
    const result = await mailer.send({
      ...mail,
      template: kind === "digest" ? "alert-digest" : `alert-${kind}`,
    });
    if (result.status === "failed") throw new Error(result.error ?? "the mail server refused the email");
  };
}
