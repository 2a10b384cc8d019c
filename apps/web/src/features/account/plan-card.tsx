import { channelLabels, frequencyLabels, type PlanName, planNames, plans } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";
import { useAuthStore } from "../../store/auth-store";
import { useDashboard } from "../dashboard/dashboard-queries";

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

/** The current plan with its limits and usage, and the plans above it. */
export function PlanCard() {
  const user = useAuthStore((s) => s.auth.user!);
  const dashboard = useDashboard();
  const plan = plans[user.planType];
  const higher = planNames.slice(planNames.indexOf(user.planType) + 1) as PlanName[];
  return (
    <Box>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap", mb: 2 }}>
        <Typography variant="h5" component="p">
          {plan.name} plan
        </Typography>
        <Chip
          size="small"
          color={user.planStatus === "active" ? "success" : "warning"}
          label={statusLabels[user.planStatus]}
        />
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
          value={
            dashboard.data ? `${dashboard.data.monitors.used} of ${plan.monitors} used` : `${plan.monitors}`
          }
        />
        <Limit label="Fastest checks" value={frequencyLabels[plan.fastestFrequency]} />
        <Limit label="History kept" value={`${plan.historyDays} days`} />
        <Limit label="Alert channels" value={plan.channels.map((c) => channelLabels[c]).join(", ")} />
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
