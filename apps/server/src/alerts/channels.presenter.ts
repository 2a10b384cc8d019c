import type { Channel } from "@changeradar/contracts";
import type { ChannelRow } from "../db/schema/alerts";
import type { LastDelivery } from "./channels.repository";
import type { SecretBox } from "./secret-box";

const MASK = "••••";

/** A secret shown as its last four characters, so the user can tell which one is set. */
export function maskSecret(value: unknown): string {
  const text = String(value ?? "");
  return text.length > 8 ? `${MASK}${text.slice(-4)}` : MASK;
}

export function presentChannel(
  row: ChannelRow,
  box: SecretBox,
  last: LastDelivery | undefined,
  secret?: string,
): Channel {
  const masked: Record<string, unknown> = { ...row.config };
  if (row.sealedSecrets) {
    try {
      const secrets = JSON.parse(box.open(row.sealedSecrets)) as Record<string, unknown>;
      for (const [key, value] of Object.entries(secrets)) masked[key] = maskSecret(value);
    } catch {
      // Unreadable after a server secret change: the dispatcher reports it on the next delivery.
    }
  }
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    config: masked,
    verified: row.type !== "email" || row.verifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last ? { status: last.status, at: last.at.toISOString(), error: last.error } : null,
    ...(secret ? { secret } : {}),
  };
}
