import { forgotPasswordSchema } from "@changeradar/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate } from "react-router";
import { AuthCard } from "../../components/forms/auth-card";
import { fieldProps } from "../../components/forms/field-props";
import { FormBanner } from "../../components/forms/form-banner";
import { applyServerErrors } from "../../components/forms/server-errors";
import { useAccountMutations } from "../../queries/account-queries";

export default function ForgotPasswordPage() {
  const { forgotPassword } = useAccountMutations();
  const navigate = useNavigate();
  const [banner, setBanner] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });

  const onSubmit = handleSubmit(({ email }) => {
    setBanner(null);
    forgotPassword.mutate(email, {
      onSuccess: ({ userId }) =>
        navigate("/verify-code", { state: { userId, email, target: "/new-password", isAlert: false } }),
      onError: (error) => setBanner(applyServerErrors(error, setError, ["email"])),
    });
  });

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we will send you a verification code."
      footer={
        <Link component={RouterLink} to="/login">
          Back to Sign In
        </Link>
      }
    >
      <FormBanner message={banner} />
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            {...fieldProps(register, errors, "email")}
          />
          <Alert severity="info" variant="outlined">
            <Typography variant="body2">
              Do not forget to check your spam folder if the code does not arrive within a few minutes.
            </Typography>
          </Alert>
          <Button type="submit" variant="contained" size="large" disabled={forgotPassword.isPending}>
            Send Code
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
