import type {
  ChangeDetail,
  ChangeSummary,
  Check,
  ItemList,
  Page,
  PricePoint,
  RateChangeInput,
} from "@changeradar/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiClient } from "../../api/client";
import { monitorKeys } from "../monitors/monitors-queries";

export const changeKeys = {
  all: ["changes"] as const,
  ofMonitor: (monitorId: string, page: number) => ["changes", "monitor", monitorId, page] as const,
  recent: ["changes", "recent"] as const,
  detail: (id: string) => ["changes", "detail", id] as const,
  checks: (monitorId: string, page: number) => ["changes", "checks", monitorId, page] as const,
  prices: (monitorId: string) => ["changes", "prices", monitorId] as const,
};

const changesApi = {
  ofMonitor: async (monitorId: string, page: number) =>
    (
      await apiClient.get<Page<ChangeSummary>>(`/monitors/${monitorId}/changes`, {
        params: { page, pageSize: 50 },
      })
    ).data,
  recent: async () =>
    (await apiClient.get<Page<ChangeSummary>>("/changes", { params: { pageSize: 20 } })).data,
  detail: async (id: string) => (await apiClient.get<ChangeDetail>(`/changes/${id}`)).data,
  checks: async (monitorId: string, page: number) =>
    (await apiClient.get<Page<Check>>(`/monitors/${monitorId}/checks`, { params: { page, pageSize: 20 } }))
      .data,
  prices: async (monitorId: string) =>
    (await apiClient.get<ItemList<PricePoint>>(`/monitors/${monitorId}/prices`)).data.items,
  rate: async ({ id, ...input }: RateChangeInput & { id: string }) =>
    (await apiClient.post<ChangeDetail>(`/changes/${id}/rating`, input)).data,
};

export function useMonitorChanges(monitorId: string, page = 1) {
  return useQuery({
    queryKey: changeKeys.ofMonitor(monitorId, page),
    queryFn: () => changesApi.ofMonitor(monitorId, page),
  });
}

export function useRecentChanges() {
  return useQuery({ queryKey: changeKeys.recent, queryFn: changesApi.recent });
}

export function useChange(id: string | null) {
  return useQuery({
    queryKey: changeKeys.detail(id ?? ""),
    queryFn: () => changesApi.detail(id!),
    enabled: Boolean(id),
  });
}

export function useMonitorChecks(monitorId: string, page = 1) {
  return useQuery({
    queryKey: changeKeys.checks(monitorId, page),
    queryFn: () => changesApi.checks(monitorId, page),
  });
}

export function useMonitorPrices(monitorId: string) {
  return useQuery({ queryKey: changeKeys.prices(monitorId), queryFn: () => changesApi.prices(monitorId) });
}

/** Rating as noise may add ignore rules to the monitor, so both the change and the monitor are refreshed. */
export function useRateChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changesApi.rate,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: changeKeys.all });
      void client.invalidateQueries({ queryKey: monitorKeys.all });
    },
  });
}

const apiPrefix = "/api/v1";

/**
 * Screenshots are served by the API behind the bearer token, which an <img src> cannot send: fetch the
 * PNG with the API client and show it through an object URL, released when the image is no longer shown.
 */
export function useBlobImage(url: string | null | undefined): { src: string | null; failed: boolean } {
  const path = url?.startsWith(apiPrefix) ? url.slice(apiPrefix.length) : url;
  const query = useQuery({
    queryKey: ["blob", path],
    queryFn: async () => (await apiClient.get<Blob>(path!, { responseType: "blob" })).data,
    enabled: Boolean(path),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const objectUrl = URL.createObjectURL(query.data);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [query.data]);
  return { src, failed: query.isError };
}
