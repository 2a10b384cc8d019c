import type { PickerScreenshot, PickerScreenshotRequest } from "@changeradar/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../api/client";

/** Rendering takes seconds (and the monitor's steps longer): the same page is not rendered twice. */
export function usePickerScreenshot(request: PickerScreenshotRequest) {
  return useQuery({
    queryKey: ["monitors", "picker-screenshot", request],
    queryFn: async () =>
      (
        await apiClient.post<PickerScreenshot>("/monitors/picker/screenshot", request, {
          timeout: 120_000,
        })
      ).data,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
