import type { DeliveryRow } from "../../db/schema/alerts";
import { channelRefusal, planInForce } from "../../entitlements";
import type { SecretBox } from "../secret-box";
import type { DeliverySubject } from "./deliveries.repository";

/**
 * Where a delivery goes, or why it cannot go anywhere (a permanent failure shown to the user).
 * Rules checked at send time as well as at creation: the plan may have gone down, the address may be
 * unverified, the channel may be gone.
 */
export type DeliveryTarget = { ok: true; config: Record<string, unknown> } | { ok: false; reason: string };

export function resolveTarget(
  delivery: Pick<DeliveryRow, "channelId">,
  subject: DeliverySubject,
  sealed: SecretBox,
  now: Date,
): DeliveryTarget {
  const { user, channel } = subject;
  if (delivery.channelId === null) {
    if (!user.emailVerifiedAt) {
      return { ok: false, reason: "Verify your account's email address to receive email alerts." };
    }
    return { ok: true, config: { to: user.email } };
  }
  if (!channel) return { ok: false, reason: "The channel was removed." };
  const refused = channelRefusal(planInForce(user, now).inForce, channel.type);
  if (refused) return { ok: false, reason: refused };
  if (channel.type === "email" && !channel.verifiedAt) {
    return { ok: false, reason: "This email address is not verified yet: enter the code we mailed to it." };
  }
  let secrets: Record<string, unknown> = {};
  if (channel.sealedSecrets) {
    try {
      secrets = JSON.parse(sealed.open(channel.sealedSecrets)) as Record<string, unknown>;
    } catch {
      return {
        ok: false,
        reason:
          "The channel's secrets cannot be read (was the server secret changed?). Add the channel again.",
      };
    }
  }
  return { ok: true, config: { ...channel.config, ...secrets } };
}
