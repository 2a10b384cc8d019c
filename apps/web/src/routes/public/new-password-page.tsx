import { messages, resetPasswordSchema } from "@changeradar/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { AuthCard } from "../../components/forms/auth-card";
import { fieldProps } from "../../components/forms/field-props";
import { FormBanner } from "../../components/forms/form-banner";
import { PasswordField } from "../../components/forms/password-field";
import { applyServerErrors } from "../../components/forms/server-errors";
import { StrengthMeter } from "../../components/forms/strength-meter";
import { useAccountMutations } from "../../queries/account-queries";

/** Spec §5: new password plus a confirmation that must match (a form-side rule). */
export const newPasswordFormSchema = z
  .object({
    newPassword: resetPasswordSchema.shape.password,
    confirmPassword: z
      .string({ error: messages.confirmPasswordRequired })
      .min(1, messages.confirmPasswordRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: messages.passwordsMustMatch,
  });

export default function NewPasswordPage() {
  // Both come from /verify-code: the reset token is what proves this browser verified the code.
  const { userId, resetToken } =
    (useLocation().state as { userId?: string; resetToken?: string } | null) ?? {};
  const navigate = useNavigate();
  const { resetPassword } = useAccountMutations();
  const [banner, setBanner] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });

  if (!userId || !resetToken)
    return (
      <AuthCard title="Set a new password">
        <Alert severity="info">
          Verify the code from your email first.{" "}
          <Link component={RouterLink} to="/forgot-password">
            Start password recovery
          </Link>
          .
        </Alert>
      </AuthCard>
    );

  const onSubmit = handleSubmit(({ newPassword }) => {
    setBanner(null);
    resetPassword.mutate(
      { id: userId, password: newPassword, resetToken },
      {
        onSuccess: () =>
          navigate("/login", { replace: true, state: { message: messages.passwordUpdatedLogin } }),
        onError: (error) =>
          setBanner(applyServerErrors(error, setError, ["newPassword"], messages.resetPasswordError)),
      },
    );
  });

  return (
    <AuthCard title="Set a new password" subtitle="Choose a new password for your ChangeRadar account.">
      <FormBanner message={banner} />
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          <Box>
            <PasswordField
              label="New Password"
              autoComplete="new-password"
              {...fieldProps(register, errors, "newPassword")}
            />
            <StrengthMeter password={watch("newPassword")} />
          </Box>
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            {...fieldProps(register, errors, "confirmPassword")}
          />
          <Button type="submit" variant="contained" size="large" disabled={resetPassword.isPending}>
            Update Password
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
