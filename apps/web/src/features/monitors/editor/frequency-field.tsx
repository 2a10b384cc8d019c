import { type Frequency, frequencies, type PlanName } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { frequencyOption } from "../labels";

interface FrequencyFieldProps {
  plan: PlanName;
  value: Frequency;
  onChange: (value: Frequency) => void;
  error?: string;
}

/** Spec §9 frequencies; the ones the plan does not include stay visible, disabled, naming the plan that does. */
export function FrequencyField({ plan, value, onChange, error }: FrequencyFieldProps) {
  const gated = frequencies.some((f) => !frequencyOption(plan, f).allowed);
  return (
    <TextField
      select
      id="frequency"
      label="Check frequency"
      value={value}
      onChange={(e) => onChange(e.target.value as Frequency)}
      error={Boolean(error)}
      helperText={
        error ??
        (gated && (
          <>
            Faster checks come with a bigger plan.{" "}
            <Link component={RouterLink} to="/auth/settings#plan">
              See plans
            </Link>
          </>
        ))
      }
    >
      {frequencies.map((frequency) => {
        const option = frequencyOption(plan, frequency);
        return (
          <MenuItem key={frequency} value={frequency} disabled={!option.allowed} data-frequency={frequency}>
            <Box component="span" sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "baseline" }}>
              {option.label}
              {option.note && " "}
              {option.note && (
                <Typography component="span" variant="body2" color="text.secondary">
                  — {option.note}
                </Typography>
              )}
            </Box>
          </MenuItem>
        );
      })}
    </TextField>
  );
}
