import type { BillingPeriod, BillingState, PlanName } from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { describeError } from "../../api/errors";
import { useCheckout, usePortal } from "./billing-queries";

/**
 * The payment buttons for the plan in force: Pay (Checkout) while a chosen plan is unpaid, Manage billing
 * (portal) for a subscriber. A refusal is shown right next to the button that was pressed.
 */
export function BillingActions({
  billing,
  plan,
  period,
  payLabel,
}: {
  billing: BillingState;
  /** The plan to pay for; the chosen plan by default. */
  plan?: PlanName;
  period?: BillingPeriod;
  payLabel?: string;
}) {
  const checkout = useCheckout();
  const portal = usePortal();
  const { entitlement } = billing;
  const target = plan ?? entitlement.chosen;
  const subscriber =
    billing.canManageBilling && (entitlement.status === "active" || entitlement.status === "past_due");
  const canPay = target !== "Free" && !(subscriber && entitlement.chosen !== "Free");
  if (!billing.paymentsEnabled) {
    return target === "Free" && !entitlement.paymentNeeded ? null : (
      <Alert severity="info">{billing.paymentsUnavailableMessage}</Alert>
    );
  }
  const failed = checkout.error ?? portal.error;
  return (
    <Box sx={{ display: "flex", gap: 1.5, alignItems: "center", flexWrap: "wrap" }}>
      {canPay && (
        <Button
          variant="contained"
          disabled={checkout.isPending}
          onClick={() => checkout.mutate({ planType: target, period: period ?? billing.period })}
        >
          {checkout.isPending ? "Opening checkout…" : (payLabel ?? `Pay for ${target}`)}
        </Button>
      )}
      {billing.canManageBilling && (
        <Button
          variant={canPay ? "outlined" : "contained"}
          disabled={portal.isPending}
          onClick={() => portal.mutate()}
        >
          {portal.isPending ? "Opening billing…" : "Manage billing"}
        </Button>
      )}
      {failed && (
        <Alert severity="error" role="alert" sx={{ py: 0 }}>
          {describeError(failed).message}
        </Alert>
      )}
    </Box>
  );
}
