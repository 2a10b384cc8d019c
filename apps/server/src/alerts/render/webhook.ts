import type { AlertMessage } from "@changeradar/contracts";

/**
 * The public webhook body (issue 4's contract): `{type, monitor: {id, url, name}, change: {id, detectedAt,
 * kinds, summary, significance, url}}`. Extra fields are additive only, so receivers can rely on these.
 */
export function buildWebhookPayload(message: AlertMessage): Record<string, unknown> {
  const { monitor, change, failure } = message;
  const payload: Record<string, unknown> = {
    type: message.type,
    timestamp: message.occurredAt,
    monitor: { id: monitor.id, url: monitor.url, name: monitor.name },
  };
  if (change) {
    payload.change = {
      id: change.id,
      detectedAt: change.detectedAt,
      kinds: change.kinds,
      summary: change.summary,
      significance: change.significance,
      url: change.url,
      ...(change.price ? { price: change.price } : {}),
      ...(change.diffExcerpt ? { diffExcerpt: change.diffExcerpt } : {}),
    };
  }
  if (failure) {
    payload.failure = {
      reason: failure.reason,
      consecutiveFailures: failure.consecutiveFailures,
      since: failure.since,
    };
  }
  return payload;
}
