import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { describeError } from "../../api/errors";
import { useAuthStore } from "../../store/auth-store";
import { useAccountSettingsMutations } from "./account-queries";

const hours = Array.from({ length: 24 }, (_, h) => h);

/** Immediate alerts, or one daily digest email at a chosen hour (UTC). */
export function PreferencesForm() {
  const current = useAuthStore((s) => s.auth.user!.notificationPreferences);
  const { updatePreferences } = useAccountSettingsMutations();
  const { enqueueSnackbar } = useSnackbar();
  const [alertMode, setAlertMode] = useState(current.alertMode);
  const [digestHour, setDigestHour] = useState(current.digestHour);
  const changed = alertMode !== current.alertMode || digestHour !== current.digestHour;
  const save = () =>
    updatePreferences.mutate(
      { alertMode, digestHour },
      {
        onSuccess: () => enqueueSnackbar("Notification preferences saved", { variant: "success" }),
        onError: (error) => enqueueSnackbar(describeError(error).message, { variant: "error" }),
      },
    );
  return (
    <Box sx={{ display: "grid", gap: 2, maxWidth: 560 }}>
      <FormControl>
        <FormLabel id="alert-mode-label">Email alerts</FormLabel>
        <RadioGroup
          aria-labelledby="alert-mode-label"
          value={alertMode}
          onChange={(e) => setAlertMode(e.target.value as typeof alertMode)}
        >
          <FormControlLabel value="immediate" control={<Radio />} label="Immediately, one email per change" />
          <FormControlLabel value="digest" control={<Radio />} label="Once a day, a digest of all changes" />
        </RadioGroup>
      </FormControl>
      {alertMode === "digest" && (
        <TextField
          select
          label="Send the digest at (UTC)"
          value={digestHour}
          onChange={(e) => setDigestHour(Number(e.target.value))}
          sx={{ maxWidth: 240 }}
        >
          {hours.map((h) => (
            <MenuItem key={h} value={h}>
              {String(h).padStart(2, "0")}:00
            </MenuItem>
          ))}
        </TextField>
      )}
      <Box>
        <Button variant="contained" onClick={save} disabled={!changed || updatePreferences.isPending}>
          Save preferences
        </Button>
      </Box>
    </Box>
  );
}
