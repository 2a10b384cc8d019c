import { updatePasswordSchema } from "@changeradar/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { fieldProps } from "../../components/forms/field-props";
import { FormBanner } from "../../components/forms/form-banner";
import { PasswordField } from "../../components/forms/password-field";
import { applyServerErrors } from "../../components/forms/server-errors";
import { StrengthMeter } from "../../components/forms/strength-meter";
import { useAccountSettingsMutations } from "./account-queries";

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
}

/** PATCH /users/update-password with the current and the new password. */
export function PasswordForm() {
  const { updatePassword } = useAccountSettingsMutations();
  const { enqueueSnackbar } = useSnackbar();
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, watch, formState } = useForm<PasswordValues>({
    resolver: zodResolver(updatePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const submit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await updatePassword.mutateAsync(values);
      reset();
      enqueueSnackbar("Password changed. Other signed-in devices were signed out.", { variant: "success" });
    } catch (error) {
      setBanner(applyServerErrors(error, setError, ["currentPassword", "newPassword"]));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Change password" sx={{ maxWidth: 480 }}>
      <FormBanner message={banner} />
      <Stack spacing={2}>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...fieldProps(register, formState.errors, "currentPassword")}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          {...fieldProps(register, formState.errors, "newPassword")}
        />
        {watch("newPassword") && <StrengthMeter password={watch("newPassword")} />}
        <Box>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            Change password
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
