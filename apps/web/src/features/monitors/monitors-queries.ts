import type {
  CreateMonitorInput,
  ImportMonitorsInput,
  ImportResult,
  ItemList,
  ListMonitorsQuery,
  Monitor,
  MonitorPage,
  Preview,
  PreviewRequest,
  RunStepsRequest,
  RunStepsResult,
  TagCount,
  UpdateMonitorInput,
} from "@changeradar/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../api/client";
import { billingKey } from "../billing/billing-queries";

export type { ImportResult } from "@changeradar/contracts";

export const monitorKeys = {
  all: ["monitors"] as const,
  list: (query: ListMonitorsQuery) => ["monitors", "list", query] as const,
  detail: (id: string) => ["monitors", "detail", id] as const,
  tags: ["monitors", "tags"] as const,
};

const monitorsApi = {
  list: async (query: ListMonitorsQuery) =>
    (await apiClient.get<MonitorPage>("/monitors", { params: query })).data,
  get: async (id: string) => (await apiClient.get<Monitor>(`/monitors/${id}`)).data,
  tags: async () => (await apiClient.get<ItemList<TagCount>>("/tags")).data.items,
  create: async (input: CreateMonitorInput) => (await apiClient.post<Monitor>("/monitors", input)).data,
  update: async ({ id, input }: { id: string; input: UpdateMonitorInput }) =>
    (await apiClient.patch<Monitor>(`/monitors/${id}`, input)).data,
  remove: async (id: string) => {
    await apiClient.delete(`/monitors/${id}`);
  },
  pause: async (id: string) => (await apiClient.post<Monitor>(`/monitors/${id}/pause`)).data,
  resume: async (id: string) => (await apiClient.post<Monitor>(`/monitors/${id}/resume`)).data,
  checkNow: async (id: string) => {
    await apiClient.post(`/monitors/${id}/check`);
  },
  preview: async (input: PreviewRequest) => (await apiClient.post<Preview>("/monitors/preview", input)).data,
  runSteps: async (input: RunStepsRequest) =>
    (await apiClient.post<RunStepsResult>("/monitors/steps/run", input, { timeout: 120_000 })).data,
  importMany: async (input: ImportMonitorsInput) =>
    (await apiClient.post<ImportResult>("/monitors/import", input)).data,
};

export function useMonitorList(query: ListMonitorsQuery) {
  return useQuery({
    queryKey: monitorKeys.list(query),
    queryFn: () => monitorsApi.list(query),
    placeholderData: keepPreviousData,
  });
}

export function useMonitor(id: string | undefined) {
  return useQuery({
    queryKey: monitorKeys.detail(id ?? ""),
    queryFn: () => monitorsApi.get(id!),
    enabled: Boolean(id),
  });
}

export function useTags() {
  return useQuery({
    queryKey: monitorKeys.tags,
    queryFn: monitorsApi.tags,
  });
}

export function usePreview() {
  return useMutation({ mutationFn: monitorsApi.preview });
}

/** The editor's "Run steps": the browser steps once against the live page, a screenshot after each. */
export function useRunSteps() {
  return useMutation({ mutationFn: monitorsApi.runSteps });
}

/** Every change to monitors refreshes the lists, the dashboard and the plan usage that count them. */
export function useMonitorMutations() {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: monitorKeys.all });
    void client.invalidateQueries({ queryKey: ["dashboard"] });
    void client.invalidateQueries({ queryKey: billingKey });
  };
  const options = { onSuccess: refresh };
  return {
    create: useMutation({ mutationFn: monitorsApi.create, ...options }),
    update: useMutation({ mutationFn: monitorsApi.update, ...options }),
    remove: useMutation({ mutationFn: monitorsApi.remove, ...options }),
    pause: useMutation({ mutationFn: monitorsApi.pause, ...options }),
    resume: useMutation({ mutationFn: monitorsApi.resume, ...options }),
    checkNow: useMutation({ mutationFn: monitorsApi.checkNow }),
    importMany: useMutation({ mutationFn: monitorsApi.importMany, ...options }),
  };
}
