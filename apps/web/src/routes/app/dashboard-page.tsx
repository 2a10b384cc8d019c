import { frequencyLabels, messages, plans } from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { useNavigate } from "react-router";
import { describeError } from "../../api/errors";
import { ScreenSection } from "../../components/shell/screen-section";
import { useAccountMutations } from "../../queries/account-queries";
import { useAuthStore } from "../../store/auth-store";

export default function DashboardPage() {
  const user = useAuthStore((s) => s.auth.user)!;
  const { resendCode } = useAccountMutations();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const plan = plans[user.planType];

  const verifyEmail = () =>
    resendCode.mutate(
      { userId: user.id, email: user.email },
      {
        onSuccess: () => {
          enqueueSnackbar(messages.passcodeResent, { variant: "success" });
          navigate("/verify-code", {
            state: { userId: user.id, email: user.email, target: "/login", isAlert: true },
          });
        },
        onError: (error) =>
          enqueueSnackbar(describeError(error).message || messages.resendError, { variant: "error" }),
      },
    );

  return (
    <ScreenSection title="Dashboard">
      {!user.emailVerified && (
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={verifyEmail} disabled={resendCode.isPending}>
              Verify your email
            </Button>
          }
        >
          Your email address {user.email} is not verified yet. Verify it so that change alerts can reach you.
        </Alert>
      )}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h5" component="h2" gutterBottom>
            Welcome, {user.firstName || user.email.split("@")[0]}
          </Typography>
          <Box sx={{ display: "flex", gap: 1, alignItems: "center", mb: 2, flexWrap: "wrap" }}>
            <Typography>You are on the</Typography>
            <Chip label={`${plan.name} plan`} color="primary" size="small" />
          </Box>
          <Typography color="text.secondary">
            Your plan watches up to {plan.monitors} {plan.monitors === 1 ? "page" : "pages"}, checks as often
            as {frequencyLabels[plan.fastestFrequency].toLowerCase()} and keeps {plan.historyDays} days of
            change history.
          </Typography>
        </CardContent>
      </Card>
    </ScreenSection>
  );
}
