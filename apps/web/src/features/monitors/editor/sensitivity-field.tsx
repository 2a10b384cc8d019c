import { defaultSensitivity, maxSensitivity, minSensitivity } from "@changeradar/contracts";
import FormControl from "@mui/material/FormControl";
import FormLabel from "@mui/material/FormLabel";
import Slider from "@mui/material/Slider";
import Typography from "@mui/material/Typography";

const marks = [
  { value: minSensitivity, label: "Every change" },
  { value: defaultSensitivity, label: "Default" },
  { value: maxSensitivity, label: "Big only" },
];

/**
 * The one sensitivity scale (contracts' `sensitivitySchema`): 0–100, higher means fewer alerts. Used by
 * the monitor editor and the bulk import, so both say the same thing.
 */
export function SensitivityField({
  id = "sensitivity",
  value,
  onChange,
}: {
  id?: string;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <FormControl>
      <FormLabel id={`${id}-label`}>Sensitivity</FormLabel>
      <Slider
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        value={value}
        onChange={(_, next) => onChange(next as number)}
        min={minSensitivity}
        max={maxSensitivity}
        step={5}
        marks={marks}
        valueLabelDisplay="auto"
        sx={{ mx: 2.5, width: "auto", "& .MuiSlider-markLabel": { fontSize: "0.75rem" } }}
      />
      <Typography id={`${id}-hint`} variant="body2" color="text.secondary">
        Higher means fewer alerts. The default reports every visible change; above it small wording tweaks and
        small price moves are skipped, and at 100 only big changes such as a stock flip alert.
      </Typography>
    </FormControl>
  );
}
