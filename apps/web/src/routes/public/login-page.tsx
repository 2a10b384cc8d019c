import { loginSchema } from "@changeradar/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link as RouterLink, useLocation, useNavigate } from "react-router";
import { AuthCard } from "../../components/forms/auth-card";
import { fieldProps } from "../../components/forms/field-props";
import { FormBanner } from "../../components/forms/form-banner";
import { PasswordField } from "../../components/forms/password-field";
import { applyServerErrors } from "../../components/forms/server-errors";
import { completeSignIn } from "../../lib/session";
import { useAccountMutations } from "../../queries/account-queries";

interface LoginState {
  from?: string;
  message?: string;
}

export default function LoginPage() {
  const location = useLocation();
  const state = (location.state ?? {}) as LoginState;
  const navigate = useNavigate();
  const { login } = useAccountMutations();
  const [banner, setBanner] = useState<string | null>(null);
  const cameFromApp = typeof state.from === "string" && state.from.startsWith("/auth");
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "", keepSignedIn: false },
  });

  const onSubmit = handleSubmit((values) => {
    setBanner(null);
    login.mutate(values, {
      onSuccess: (response) => {
        completeSignIn(response, Boolean(values.keepSignedIn));
        const home = response.user.isAdmin ? "/admin" : "/auth";
        const back = state.from?.startsWith(home) ? state.from : home;
        navigate(back, { replace: true });
      },
      onError: (error) => setBanner(applyServerErrors(error, setError, ["email", "password"])),
    });
  });

  return (
    <AuthCard
      title={cameFromApp ? "See you again!" : "Welcome back"}
      subtitle="Sign in to see what changed on the pages you watch."
      footer={
        <Typography>
          Don&apos;t have an account?{" "}
          <Link component={RouterLink} to="/register">
            Sign up
          </Link>
        </Typography>
      }
    >
      <FormBanner message={state.message ?? null} severity="success" />
      <FormBanner message={banner} />
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            {...fieldProps(register, errors, "email")}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            {...fieldProps(register, errors, "password")}
          />
          <Box
            sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", flexWrap: "wrap" }}
          >
            <Controller
              name="keepSignedIn"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={Boolean(field.value)}
                      onChange={(e) => field.onChange(e.target.checked)}
                      inputRef={field.ref}
                    />
                  }
                  label="Keep me signed in"
                />
              )}
            />
            <Link component={RouterLink} to="/forgot-password">
              Forgot Password?
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
            Sign In
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
