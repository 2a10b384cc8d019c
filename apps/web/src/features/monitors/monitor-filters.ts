import {
  type ListMonitorsQuery,
  type MonitorSort,
  type MonitorStatus,
  monitorSorts,
  monitorStatuses,
  type WatchKind,
  watchKinds,
} from "@changeradar/contracts";

/** The list's filters as they live in the URL (DESIGN: list filters in the URL). */
export interface MonitorFilters {
  sort: MonitorSort;
  status?: MonitorStatus;
  kind?: WatchKind;
  tag?: string;
  search?: string;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** Reads filters from search params, ignoring anything malformed so a hand-edited URL never breaks the list. */
export function filtersFromParams(params: URLSearchParams): MonitorFilters {
  const page = Number.parseInt(params.get("page") ?? "", 10);
  const search = params.get("search")?.trim().slice(0, 200);
  const tag = params.get("tag")?.trim().slice(0, 40);
  return {
    sort: oneOf(monitorSorts, params.get("sort")) ?? "default",
    status: oneOf(monitorStatuses, params.get("status")),
    kind: oneOf(watchKinds, params.get("kind")),
    tag: tag || undefined,
    search: search || undefined,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** Writes filters back, leaving defaults out so the plain list has a plain URL. */
export function filtersToParams(filters: MonitorFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.sort !== "default") params.set("sort", filters.sort);
  if (filters.status) params.set("status", filters.status);
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.tag) params.set("tag", filters.tag);
  if (filters.search) params.set("search", filters.search);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** Changing any filter other than the page goes back to the first page. */
export function withFilter(filters: MonitorFilters, change: Partial<MonitorFilters>): MonitorFilters {
  const next = { ...filters, ...change };
  if (!("page" in change)) next.page = 1;
  return next;
}

export const pageSize = 20;

export function toListQuery(filters: MonitorFilters): ListMonitorsQuery {
  return { ...filters, pageSize };
}

export function hasActiveFilters(filters: MonitorFilters): boolean {
  return Boolean(filters.status || filters.kind || filters.tag || filters.search);
}
