import { Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { PageLoader } from "../components/page-loader";
import { useRouteTitle } from "./page-title";

/** Spec §2: navigation scrolls smoothly to the top (in-page #anchors excepted). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is exactly what triggers the scroll
  useEffect(() => {
    if (!hash) window.scrollTo({ top: 0, behavior: "smooth" });
  }, [pathname, hash]);
  return null;
}

export function RootLayout() {
  useRouteTitle();
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
