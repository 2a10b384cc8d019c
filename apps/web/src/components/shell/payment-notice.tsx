import { messages } from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
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

export function PaymentNotice() {
  const user = useAuthStore((s) => s.auth.user);
  const { status, loading } = useAuthStore((s) => s.subscriptionState);
  const dismissed = useAuthStore((s) => s.paymentNoticeDismissed);
  const dismiss = useAuthStore((s) => s.dismissPaymentNotice);
  if (!shouldShowPaymentNotice({ status, isAdmin: Boolean(user?.isAdmin), loading, dismissed })) return null;
  return (
    <Alert severity="warning" onClose={dismiss} sx={{ mb: 2 }}>
      <AlertTitle>{messages.paymentRequiredTitle}</AlertTitle>
      You are currently on the Free plan limits. Complete your payment to unlock the full features of your
      plan.
    </Alert>
  );
}
