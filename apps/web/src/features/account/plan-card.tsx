import { channelLabels, frequencyLabels, type PlanName, planNames, plans } from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";
import { describeError } from "../../api/errors";
import { BillingActions } from "../billing/billing-actions";
import { useBilling } from "../billing/billing-queries";

function Limit({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
    </Box>
  );
}

const statusLabels = {
  active: "Active",
  incomplete: "Payment incomplete",
  past_due: "Payment overdue",
  canceled: "Canceled",
} as const;

/** The chosen plan, the plan in force and why, its limits and usage, payment actions, and the plans above. */
export function PlanCard() {
  const billing = useBilling();
  if (!billing.data) {
    return billing.isError ? (
      <Alert severity="error">{describeError(billing.error).message}</Alert>
    ) : (
      <CircularProgress aria-label="Loading your plan" />
    );
  }
  const { entitlement, limits, usage } = billing.data;
  const chosen = entitlement.chosen;
  const higher = planNames.slice(planNames.indexOf(chosen) + 1) as PlanName[];
  return (
    <Box>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap", mb: 2 }}>
        <Typography variant="h5" component="p">
          {chosen} plan
        </Typography>
        <Chip
          size="small"
          color={entitlement.status === "active" ? "success" : "warning"}
          label={statusLabels[entitlement.status]}
        />
      </Box>
      <Alert severity={entitlement.paymentNeeded ? "warning" : "info"} sx={{ mb: 2 }}>
        {entitlement.inForce === chosen
          ? entitlement.explanation
          : `${entitlement.explanation} The limits below are the ${entitlement.inForce} plan's.`}
      </Alert>
      <Box sx={{ mb: 2 }}>
        <BillingActions billing={billing.data} />
      </Box>
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, auto)" },
          justifyContent: "start",
          columnGap: { md: 6 },
          mb: 3,
        }}
      >
        <Limit
          label="Monitors"
          value={`${usage.monitors} of ${limits.monitors} used${usage.pausedByPlan ? ` (${usage.pausedByPlan} paused by the plan)` : ""}`}
        />
        <Limit label="Fastest checks" value={frequencyLabels[limits.fastestFrequency]} />
        <Limit label="History kept" value={`${limits.historyDays} days`} />
        <Limit label="Alert channels" value={limits.channels.map((c) => channelLabels[c]).join(", ")} />
      </Box>
      {higher.length > 0 ? (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            Upgrade
          </Typography>
          <Box
            sx={{
              display: "grid",
              gap: 2,
              gridTemplateColumns: { xs: "1fr", md: `repeat(${higher.length}, 1fr)` },
            }}
          >
            {higher.map((name) => (
              <Paper
                key={name}
                variant="outlined"
                sx={{ p: 2, display: "flex", flexDirection: "column", gap: 1 }}
              >
                <Typography sx={{ fontWeight: 600 }}>
                  {name} · ${plans[name].price}/month
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
                  {plans[name].features.slice(0, 4).join(" · ")}
                </Typography>
                <Button
                  variant={plans[name].popular ? "contained" : "outlined"}
                  component={Link}
                  to={`/auth/account?planType=${name}&period=yearly`}
                >
                  Choose {name}
                </Button>
              </Paper>
            ))}
          </Box>
        </>
      ) : (
        <Typography color="text.secondary">You are on our largest plan.</Typography>
      )}
    </Box>
  );
}
