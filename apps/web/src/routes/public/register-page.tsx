import { isPlanName, messages, signupSchema } from "@changeradar/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { AuthCard } from "../../components/forms/auth-card";
import { fieldProps } from "../../components/forms/field-props";
import { FormBanner } from "../../components/forms/form-banner";
import { PasswordField } from "../../components/forms/password-field";
import { applyServerErrors } from "../../components/forms/server-errors";
import { StrengthMeter } from "../../components/forms/strength-meter";
import { completeSignIn } from "../../lib/session";
import { useAccountMutations } from "../../queries/account-queries";
import { ConfirmEmailStep } from "./confirm-email-step";

const registerFormSchema = signupSchema.pick({ firstName: true, email: true, password: true });

export default function RegisterPage() {
  const [params] = useSearchParams();
  const requestedPlan = params.get("planType");
  const planType = isPlanName(requestedPlan) ? requestedPlan : "Free";
  const period = params.get("period") === "yearly" ? "yearly" : "monthly";
  const { signup } = useAccountMutations();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const [banner, setBanner] = useState<string | null>(null);
  const [signedUp, setSignedUp] = useState<{ userId: string; email: string } | null>(null);
  // Spec §4: a Free plan goes to /auth (history replaced), a paid plan to /auth/account with plan and period.
  const destination = planType === "Free" ? "/auth" : `/auth/account?planType=${planType}&period=${period}`;
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { firstName: "", email: "", password: "" },
  });
  const password = watch("password");

  const onSubmit = handleSubmit((values) => {
    setBanner(null);
    signup.mutate(
      { ...values, planType, period },
      {
        onSuccess: (response) => {
          enqueueSnackbar(messages.signupSuccess, { variant: "success" });
          completeSignIn(response, false);
          setSignedUp({ userId: response.userId, email: values.email });
        },
        onError: (error) => {
          enqueueSnackbar(messages.signupFailed, { variant: "error" });
          setBanner(applyServerErrors(error, setError, ["firstName", "email", "password"]));
        },
      },
    );
  });

  if (signedUp)
    return (
      <ConfirmEmailStep
        {...signedUp}
        onDone={() => navigate(destination, { replace: planType === "Free" })}
      />
    );

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start testing, no credit card required!"
      footer={
        <Typography>
          Already have an account?{" "}
          <Link component={RouterLink} to="/login">
            Sign in
          </Link>
        </Typography>
      }
    >
      <Box sx={{ display: "flex", gap: 1, mb: 2, flexWrap: "wrap" }}>
        <Chip label={`${planType} plan`} color="primary" variant="outlined" size="small" />
        {planType !== "Free" && <Chip label={`Billed ${period}`} variant="outlined" size="small" />}
      </Box>
      <FormBanner message={banner} />
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          <TextField
            label="First Name"
            autoComplete="given-name"
            {...fieldProps(register, errors, "firstName")}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            {...fieldProps(register, errors, "email")}
          />
          <Box>
            <PasswordField
              label="Password"
              autoComplete="new-password"
              {...fieldProps(register, errors, "password")}
            />
            <StrengthMeter password={password} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            By creating an account you agree to our{" "}
            <Link component={RouterLink} to="/terms">
              Terms of Service
            </Link>{" "}
            and{" "}
            <Link component={RouterLink} to="/privacy">
              Privacy Policy
            </Link>
            .
          </Typography>
          <Button type="submit" variant="contained" size="large" disabled={signup.isPending}>
            Create Account
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
