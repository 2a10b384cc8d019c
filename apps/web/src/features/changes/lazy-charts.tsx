import type { PricePoint } from "@changeradar/contracts";
import Skeleton from "@mui/material/Skeleton";
import { lazy, Suspense } from "react";

const PriceChartModule = lazy(() => import("./price-chart"));

/** The chart library loads only when a chart is on screen. */
export function LazyPriceChart({ history }: { history: readonly PricePoint[] }) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={380} />}>
      <PriceChartModule history={history} />
    </Suspense>
  );
}
