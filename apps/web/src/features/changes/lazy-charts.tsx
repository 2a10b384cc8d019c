import Skeleton from "@mui/material/Skeleton";
import { lazy, Suspense } from "react";
import type { PriceSeries } from "./price-chart";

const PriceChartModule = lazy(() => import("./price-chart"));

/** The chart library loads only when a chart is on screen. */
export function LazyPriceChart(props: PriceSeries) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
      <PriceChartModule {...props} />
    </Suspense>
  );
}
