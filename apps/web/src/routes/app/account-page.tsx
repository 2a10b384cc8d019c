import { isPlanName, plans } from "@changeradar/contracts";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutline";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { Link, useSearchParams } from "react-router";
import { describeError } from "../../api/errors";
import { PlanPrice } from "../../components/plan-price";
import { ScreenSection } from "../../components/shell/screen-section";
import { BillingActions } from "../../features/billing/billing-actions";
import { useBilling } from "../../features/billing/billing-queries";
import { CheckoutOutcome } from "../../features/billing/checkout-outcome";
import { useAuthStore } from "../../store/auth-store";

/** /auth/account?planType&period: where a paid-plan sign-up (or an upgrade) lands, with the next step. */
export default function AccountPage() {
  const [params, setParams] = useSearchParams();
  const user = useAuthStore((s) => s.auth.user)!;
  const status = useAuthStore((s) => s.subscriptionState.status);
  const requested = params.get("planType");
  const planName = isPlanName(requested) ? requested : user.planType;
  const period = params.get("period") === "monthly" ? "monthly" : "yearly";
  const plan = plans[planName];
  const current = planName === user.planType && status === "active";
  const outcome = params.get("checkout") ?? (params.get("portal") ? "portal" : null);
  // Back from Checkout: the webhook may land a moment after the redirect, so ask again until it has.
  const billing = useBilling({
    refetchInterval: (query) =>
      outcome === "success" && query.state.data?.entitlement.status !== "active" ? 1000 : false,
  });

  return (
    <ScreenSection title="Your Plan">
      <Box
        sx={{
          display: "grid",
          gap: 3,
          gridTemplateColumns: { xs: "minmax(0,1fr)", lg: "minmax(0,1fr) minmax(0,1fr)" },
          maxWidth: 1100,
          alignItems: "start",
        }}
      >
        <Card variant="outlined">
          <CardContent>
            <Typography variant="overline" color="text.secondary">
              {current ? "Current plan" : "Chosen plan"}
            </Typography>
            <Typography variant="h5" component="h2">
              {plan.name} plan, billed {period}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {plan.description}
            </Typography>
            {plan.price > 0 && (
              <ToggleButtonGroup
                size="small"
                exclusive
                value={period}
                onChange={(_, value) =>
                  value && setParams({ planType: planName, period: value }, { replace: true })
                }
                aria-label="Billing period"
                sx={{ mb: 1 }}
              >
                <ToggleButton value="yearly">Yearly · Save 20%</ToggleButton>
                <ToggleButton value="monthly">Monthly</ToggleButton>
              </ToggleButtonGroup>
            )}
            <PlanPrice plan={planName} period={period} />
            <List dense>
              {plan.features.map((feature) => (
                <ListItem key={feature} disableGutters>
                  <ListItemIcon sx={{ minWidth: 32, color: "success.main" }}>
                    <CheckCircleOutline fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={feature} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
        <Box sx={{ display: "grid", gap: 2 }}>
          <CheckoutOutcome outcome={outcome} billing={billing.data} />
          {billing.data ? (
            <>
              <Alert severity={billing.data.entitlement.paymentNeeded ? "warning" : "info"}>
                <AlertTitle>Plan in force: {billing.data.entitlement.inForce}</AlertTitle>
                {billing.data.entitlement.explanation}
              </Alert>
              <BillingActions
                billing={billing.data}
                plan={planName === "Free" ? undefined : planName}
                period={period}
                payLabel={`Pay for ${planName} with Stripe`}
              />
            </>
          ) : billing.isError ? (
            <Alert severity="error">{describeError(billing.error).message}</Alert>
          ) : (
            <CircularProgress aria-label="Loading your plan" />
          )}
          <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
            <Button variant="outlined" component={Link} to="/auth">
              Go to the dashboard
            </Button>
            <Button component={Link} to="/auth/settings#plan">
              Compare plans
            </Button>
          </Box>
        </Box>
      </Box>
    </ScreenSection>
  );
}
