import { isPlanName, plans } from "@changeradar/contracts";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutline";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { Link, useSearchParams } from "react-router";
import { PlanPrice } from "../../components/plan-price";
import { ScreenSection } from "../../components/shell/screen-section";
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
          {plan.price === 0 || current ? (
            <Alert severity="success">
              <AlertTitle>You are all set</AlertTitle>
              Your {plan.name} plan is active.
            </Alert>
          ) : (
            <Alert severity="info">
              <AlertTitle>Next step: payment</AlertTitle>
              Online payment for the {plan.name} plan is not open yet; it arrives with our billing update.
              Until you pay, your account works within the Free plan limits (1 monitor, daily checks) and
              nothing you set up is lost.
            </Alert>
          )}
          {status === "incomplete" && (
            <Typography color="text.secondary">
              We will email you as soon as payment is available, and the Payment Required notice stays until
              then.
            </Typography>
          )}
          <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
            <Button variant="contained" component={Link} to="/auth">
              {plan.price === 0 || current ? "Go to the dashboard" : "Continue on Free"}
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
