import { isPlanName, plans } from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Typography from "@mui/material/Typography";
import { useSearchParams } from "react-router";
import { PlanPrice } from "../../components/plan-price";
import { ScreenSection } from "../../components/shell/screen-section";
import { useAuthStore } from "../../store/auth-store";

/** /auth/account?planType&period: where a paid-plan sign-up lands, showing the plan chosen. */
export default function AccountPage() {
  const [params] = useSearchParams();
  const user = useAuthStore((s) => s.auth.user)!;
  const status = useAuthStore((s) => s.subscriptionState.status);
  const requested = params.get("planType");
  const planName = isPlanName(requested) ? requested : user.planType;
  const period = params.get("period") === "yearly" ? "yearly" : "monthly";
  const plan = plans[planName];

  return (
    <ScreenSection title="Your Plan">
      <Card variant="outlined" sx={{ maxWidth: 560 }}>
        <CardContent>
          <Typography variant="h5" component="h2">
            {plan.name} plan, billed {period === "yearly" ? "yearly" : "monthly"}
          </Typography>
          <PlanPrice plan={planName} period={period} />
          <List dense>
            {plan.features.map((feature) => (
              <ListItem key={feature} disableGutters>
                {feature}
              </ListItem>
            ))}
          </List>
          {status === "incomplete" && (
            <Alert severity="warning">
              Payment for the {plan.name} plan is not completed yet. Until it is, your account works within
              the Free plan limits.
            </Alert>
          )}
        </CardContent>
      </Card>
    </ScreenSection>
  );
}
