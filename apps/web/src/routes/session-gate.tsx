import type { AuthUser } from "@changeradar/contracts";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { PageLoader } from "../components/page-loader";
import { WithQueries } from "../queries/query-client";
import { useAuthStore } from "../store/auth-store";

type Area = "customer" | "admin";

/**
 * DECISIONS 10: /auth/* needs a signed-in user (else /login), /admin/* needs isAdmin; an admin landing on
 * /auth goes to /admin and a customer landing on /admin goes to /auth.
 */
export function SessionGate({ area, children }: { area: Area; children: (user: AuthUser) => ReactNode }) {
  const user = useAuthStore((s) => s.auth.user);
  const loading = useAuthStore((s) => s.subscriptionState.loading);
  const location = useLocation();
  if (loading && !user) return <PageLoader />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (area === "customer" && user.isAdmin) return <Navigate to="/admin" replace />;
  if (area === "admin" && !user.isAdmin) return <Navigate to="/auth" replace />;
  return <WithQueries>{children(user)}</WithQueries>;
}
