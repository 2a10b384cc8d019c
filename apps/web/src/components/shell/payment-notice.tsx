import { messages, type PlanStatus } from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import { BillingActions } from "../../features/billing/billing-actions";
import { useBilling } from "../../features/billing/billing-queries";
import { useAuthStore } from "../../store/auth-store";

/**
 * Spec §4: shown when the plan status is 'incomplete', the user is not an admin, loading has
 * finished and the notice was not dismissed. Closing it hides it for the session state.
 */
export function shouldShowPaymentNotice(state: {
  status: string | null;
  isAdmin: boolean;
  loading: boolean;
  dismissed: boolean;
}): boolean {
  return state.status === "incomplete" && !state.isAdmin && !state.loading && !state.dismissed;
}

/**
 * The shell's payment notices, from the server's plan in force (fresher than the access token once a
 * webhook has landed): 'Payment Required' with its Pay button, and a past-due notice with the billing portal.
 */
export function PaymentNotice() {
  const user = useAuthStore((s) => s.auth.user);
  const subscription = useAuthStore((s) => s.subscriptionState);
  const dismissed = useAuthStore((s) => s.paymentNoticeDismissed);
  const dismiss = useAuthStore((s) => s.dismissPaymentNotice);
  const billing = useBilling();
  const status: PlanStatus | null = billing.data?.entitlement.status ?? subscription.status;
  const loading = subscription.loading;
  const isAdmin = Boolean(user?.isAdmin);

  if (shouldShowPaymentNotice({ status, isAdmin, loading, dismissed })) {
    return (
      <Alert severity="warning" onClose={dismiss} sx={{ mb: 2 }}>
        <AlertTitle>{messages.paymentRequiredTitle}</AlertTitle>
        You are currently on the Free plan limits. Complete your payment to unlock the full features of your{" "}
        {billing.data ? `${billing.data.entitlement.chosen} plan` : "plan"}.
        {billing.data && (
          <div style={{ marginTop: 8 }}>
            <BillingActions billing={billing.data} payLabel="Complete payment" />
          </div>
        )}
      </Alert>
    );
  }
  if (status === "past_due" && !isAdmin && !loading && billing.data) {
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        <AlertTitle>Payment failed</AlertTitle>
        {billing.data.entitlement.explanation}
        <div style={{ marginTop: 8 }}>
          <BillingActions billing={billing.data} />
        </div>
      </Alert>
    );
  }
  return null;
}
