import { type PlanName, type WatchKind, watchKinds } from "@changeradar/contracts";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Typography from "@mui/material/Typography";
import { renderingNote, watchKindHints, watchKindLabels } from "../labels";

interface WatchKindsFieldProps {
  /** The plan in force: "visual" needs a plan that renders pages (it stays visible, naming that plan). */
  plan: PlanName;
  value: WatchKind[];
  onChange: (value: WatchKind[]) => void;
  error?: string;
  /** Kinds the preview found on the page, marked as suggested. */
  suggested?: WatchKind[];
}

export function WatchKindsField({ plan, value, onChange, error, suggested = [] }: WatchKindsFieldProps) {
  const renderingGate = renderingNote(plan);
  const gateOf = (kind: WatchKind) => (kind === "visual" && !value.includes(kind) ? renderingGate : null);
  const toggle = (kind: WatchKind, on: boolean) =>
    onChange(on ? [...value, kind] : value.filter((k) => k !== kind));
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend">What to watch</FormLabel>
      <FormGroup sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2 }}>
        {watchKinds.map((kind) => (
          <FormControlLabel
            key={kind}
            control={
              <Checkbox
                checked={value.includes(kind)}
                disabled={gateOf(kind) !== null}
                onChange={(e) => toggle(kind, e.target.checked)}
              />
            }
            label={
              <span>
                {watchKindLabels[kind]}
                {suggested.includes(kind) && (
                  <Typography
                    component="span"
                    variant="body2"
                    color="success.main"
                    sx={{ ml: 0.75, fontWeight: 600 }}
                  >
                    suggested
                  </Typography>
                )}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block" }}>
                  {watchKindHints[kind]}
                  {gateOf(kind) && ` — ${gateOf(kind)}`}
                </Typography>
              </span>
            }
            sx={{ alignItems: "flex-start", "& .MuiCheckbox-root": { pt: 0.5 }, my: 0.5 }}
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
