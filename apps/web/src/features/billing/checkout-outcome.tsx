import type { BillingState } from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";

/** What happened at Stripe, shown on /auth/account after the return (?checkout=success|canceled, ?portal). */
export function CheckoutOutcome({ outcome, billing }: { outcome: string | null; billing?: BillingState }) {
  if (outcome === "success") {
    const active = billing?.entitlement.status === "active";
    return active ? (
      <Alert severity="success" role="status">
        <AlertTitle>Payment received</AlertTitle>
        Your {billing?.entitlement.chosen} plan is active.
      </Alert>
    ) : (
      <Alert severity="info" role="status">
        <AlertTitle>Confirming your payment…</AlertTitle>
        Stripe is confirming the payment; this page updates by itself.
      </Alert>
    );
  }
  if (outcome === "canceled") {
    return (
      <Alert severity="warning" role="status">
        <AlertTitle>Payment canceled</AlertTitle>
        Nothing was charged. Free limits apply until the plan is paid.
      </Alert>
    );
  }
  if (outcome === "portal") {
    return (
      <Alert severity="info" role="status">
        Back from billing: the plan below is what applies now.
      </Alert>
    );
  }
  return null;
}
