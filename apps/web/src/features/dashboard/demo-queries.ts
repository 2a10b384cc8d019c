import type { Demo, DemoChange } from "@changeradar/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { isAxiosError } from "axios";
import { apiClient } from "../../api/client";
import { monitorKeys } from "../monitors/monitors-queries";
import { dashboardKeys } from "./dashboard-queries";

export const demoKeys = { all: ["demo"] as const };

/** The user's demo page, or null before they tried it (the API answers 404 then). */
export function useDemo() {
  return useQuery({
    queryKey: demoKeys.all,
    queryFn: async (): Promise<Demo | null> => {
      try {
        return (await apiClient.get<Demo>("/demo")).data;
      } catch (error) {
        if (isAxiosError(error) && error.response?.status === 404) return null;
        throw error;
      }
    },
  });
}

/** "Try it on a demo page" and "Change the demo page": both refresh the demo, the monitors and the dashboard. */
export function useDemoMutations() {
  const client = useQueryClient();
  const onSuccess = (demo: Demo) => {
    client.setQueryData(demoKeys.all, demo);
    void client.invalidateQueries({ queryKey: monitorKeys.all });
    void client.invalidateQueries({ queryKey: dashboardKeys.all });
  };
  return {
    start: useMutation({ mutationFn: async () => (await apiClient.post<Demo>("/demo")).data, onSuccess }),
    change: useMutation({
      mutationFn: async () => (await apiClient.post<DemoChange>("/demo/change")).data,
      onSuccess,
    }),
  };
}
