import { deliveryStatuses, type ListNotificationsQuery, notificationTypes } from "@changeradar/contracts";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** Notification Center filters as they live in the URL; malformed values are dropped. */
export function notificationFiltersFromParams(params: URLSearchParams): ListNotificationsQuery {
  const page = Number.parseInt(params.get("page") ?? "", 10);
  const monitorId = params.get("monitorId");
  return {
    read: oneOf(["read", "unread"] as const, params.get("read")),
    type: oneOf(notificationTypes, params.get("type")),
    deliveryStatus: oneOf(deliveryStatuses, params.get("deliveryStatus")),
    monitorId: monitorId && /^[0-9a-f-]{36}$/i.test(monitorId) ? monitorId : undefined,
    page: Number.isFinite(page) && page > 1 ? page : undefined,
  };
}

export function notificationFiltersToParams(
  filters: ListNotificationsQuery,
  keep?: URLSearchParams,
): URLSearchParams {
  const params = new URLSearchParams();
  if (keep?.get("tab")) params.set("tab", keep.get("tab")!);
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== "") params.set(key, String(value));
  return params;
}
