import { monitorCountRefusal, type PlanName, plans } from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { Link } from "react-router";
import { useBilling } from "../billing/billing-queries";

export type MonitorRoom =
  | { state: "loading" }
  /** The plan and usage could not be read: the form is offered and the server still enforces the limit. */
  | { state: "unknown" }
  | { state: "room"; plan: PlanName; used: number; limit: number }
  | { state: "full"; plan: PlanName; used: number; limit: number; refusal: string };

/** Whether one more monitor fits the plan in force, by the server's own count and the contracts' rule. */
export function useMonitorRoom(): MonitorRoom {
  const billing = useBilling();
  if (billing.isPending) return { state: "loading" };
  if (billing.isError) return { state: "unknown" };
  const plan = billing.data.entitlement.inForce;
  const used = billing.data.usage.monitors;
  const limit = plans[plan].monitors;
  const refusal = monitorCountRefusal(plan, used);
  return refusal ? { state: "full", plan, used, limit, refusal } : { state: "room", plan, used, limit };
}

/** Said instead of the Add Monitor form when the plan has no room left, so nobody fills a form in vain. */
export function MonitorLimitReached({ room }: { room: Extract<MonitorRoom, { state: "full" }> }) {
  return (
    <Alert severity="info" role="alert" sx={{ maxWidth: 720 }}>
      <AlertTitle>
        You use {room.used} of {room.limit} {room.limit === 1 ? "monitor" : "monitors"} on your {room.plan}{" "}
        plan
      </AlertTitle>
      {room.refusal}
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mt: 2 }}>
        <Button variant="contained" size="small" component={Link} to="/auth/settings#plan">
          See plans
        </Button>
        <Button size="small" component={Link} to="/auth/mymonitors">
          Back to My Monitors
        </Button>
      </Box>
    </Alert>
  );
}
