import { limits, updateMerchantFieldsSchema } from "@changeradar/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { fieldProps } from "../../components/forms/field-props";
import { FormBanner } from "../../components/forms/form-banner";
import { applyServerErrors } from "../../components/forms/server-errors";
import { LoadError, LoadingRows } from "../common/query-states";
import { useAccountSettingsMutations, useProfile } from "./account-queries";

interface ProfileValues {
  firstName: string;
  lastName: string;
}

/** Name and avatar (PATCH /users/update-merchant, multipart). */
export function ProfileForm() {
  const profile = useProfile();
  const { updateProfile } = useAccountSettingsMutations();
  const { enqueueSnackbar } = useSnackbar();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarPreview, setAvatarPreview] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<ProfileValues>({
    resolver: zodResolver(updateMerchantFieldsSchema) as never,
    defaultValues: { firstName: "", lastName: "" },
  });

  useEffect(() => {
    if (profile.data) reset({ firstName: profile.data.firstName, lastName: profile.data.lastName });
  }, [profile.data, reset]);
  useEffect(() => {
    if (!avatar) return setAvatarPreview(null);
    const url = URL.createObjectURL(avatar);
    setAvatarPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [avatar]);

  if (profile.isPending) return <LoadingRows rows={2} height={56} label="Loading your profile" />;
  if (profile.isError)
    return <LoadError error={profile.error} onRetry={() => profile.refetch()} what="your profile" />;

  const pickAvatar = (file: File | undefined) => {
    setBanner(null);
    if (!file) return;
    if (!["image/png", "image/jpeg", "image/webp", "image/gif"].includes(file.type))
      return setBanner("Choose a PNG, JPEG, WebP or GIF image.");
    if (file.size > limits.avatarMaxBytes)
      return setBanner(`The picture is too large (max. ${limits.avatarMaxBytes / 1024 / 1024} MB).`);
    setAvatar(file);
  };
  const submit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await updateProfile.mutateAsync({ ...values, avatar });
      setAvatar(null);
      enqueueSnackbar("Profile saved", { variant: "success" });
    } catch (error) {
      setBanner(applyServerErrors(error, setError, ["firstName", "lastName"]));
    }
  });
  const name = `${profile.data.firstName} ${profile.data.lastName}`.trim() || profile.data.email;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Profile">
      <FormBanner message={banner} />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={3} sx={{ alignItems: { sm: "flex-start" } }}>
        <Stack spacing={1} sx={{ alignItems: "center" }}>
          <Avatar
            src={avatarPreview ?? profile.data.avatarUrl ?? undefined}
            alt={name}
            sx={{ width: 88, height: 88, fontSize: "2rem", bgcolor: "primary.light" }}
          >
            {name.charAt(0).toUpperCase()}
          </Avatar>
          <Button component="label" size="small">
            Change picture
            <input
              hidden
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              onChange={(e) => pickAvatar(e.target.files?.[0])}
            />
          </Button>
        </Stack>
        <Stack spacing={2} sx={{ flexGrow: 1 }}>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
            <TextField label="First Name" {...fieldProps(register, formState.errors, "firstName")} required />
            <TextField label="Last Name" {...fieldProps(register, formState.errors, "lastName")} />
          </Box>
          <TextField
            label="Email"
            value={profile.data.email}
            helperText="Your sign-in address (it cannot be changed here)"
            slotProps={{ input: { readOnly: true } }}
          />
          <Typography variant="body2" color="text.secondary">
            {avatar ? `New picture: ${avatar.name}` : "PNG, JPEG, WebP or GIF up to 2 MB."}
          </Typography>
          <Box>
            <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
              Save profile
            </Button>
          </Box>
        </Stack>
      </Stack>
    </Box>
  );
}
