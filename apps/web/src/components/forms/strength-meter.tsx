import { passwordScore, type StrengthLabel, strengthLabel } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";

const colours: Record<StrengthLabel, "error" | "warning" | "info" | "success" | "primary"> = {
  Poor: "error",
  Weak: "warning",
  Normal: "info",
  Good: "primary",
  Strong: "success",
};

/** Spec §4 password strength, scored by the shared contract function. */
export function StrengthMeter({ password }: { password: string }) {
  const score = passwordScore(password);
  const label = strengthLabel(score);
  return (
    <Box sx={{ mt: 1 }} aria-live="polite">
      <LinearProgress
        variant="determinate"
        value={(Math.min(score, 5) / 5) * 100}
        color={colours[label]}
        sx={{ height: 6, borderRadius: 3 }}
        aria-label="Password strength"
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="password-strength">
        Password strength: {label}
      </Typography>
    </Box>
  );
}
