import type { BillingPeriod, BillingState, PlanName, StripeRedirect } from "@changeradar/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../api/client";
import { useAuthStore } from "../../store/auth-store";

export const billingKey = ["billing"] as const;

/** GET /billing: the plan chosen, the plan in force and why, limits, usage, whether payments are set up. */
export function useBilling(
  options: {
    refetchInterval?: number | false | ((query: { state: { data?: BillingState } }) => number | false);
  } = {},
) {
  const signedIn = useAuthStore((s) => s.auth.user !== null);
  return useQuery({
    queryKey: billingKey,
    queryFn: async () => (await apiClient.get<BillingState>("/billing")).data,
    enabled: signedIn,
    refetchInterval: options.refetchInterval,
  });
}

/**
 * The plan whose limits apply, for gating forms: the server's answer, or — until it arrives — the token's
 * plan when it is active and Free otherwise (never a limit the server would refuse).
 */
export function usePlanInForce(): PlanName {
  const billing = useBilling();
  const user = useAuthStore((s) => s.auth.user);
  if (billing.data) return billing.data.entitlement.inForce;
  return user?.planStatus === "active" ? user.planType : "Free";
}

/** Leaves for Stripe: Checkout for a plan, or the Customer Portal. */
export function useCheckout() {
  return useMutation({
    mutationFn: async (input: { planType: PlanName; period: BillingPeriod }) =>
      (await apiClient.post<StripeRedirect>("/billing/checkout", input)).data,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function usePortal() {
  return useMutation({
    mutationFn: async () => (await apiClient.post<StripeRedirect>("/billing/portal")).data,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
