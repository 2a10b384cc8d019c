import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";

/** One cache for the whole app; no refetch on window focus (spec §7). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

/**
 * Provided by each layout that talks to the server rather than at the root, so the landing page's first
 * load does not carry TanStack Query. Every layout shares the same client and so the same cache.
 */
export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
