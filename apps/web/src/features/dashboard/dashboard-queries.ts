import type { Dashboard } from "@changeradar/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../../api/client";

export const dashboardKeys = { all: ["dashboard"] as const };

export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: async () => (await apiClient.get<Dashboard>("/dashboard")).data,
  });
}
