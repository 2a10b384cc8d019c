import type { PlanName } from "@changeradar/contracts";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { renderingNote } from "../labels";

interface RenderJsFieldProps {
  plan: PlanName;
  value: boolean;
  onChange: (value: boolean) => void;
  /** Watching "Visual (screenshot)" or browser steps need a rendered page: the switch is on and locked. */
  forced: boolean;
  /** Why it is locked on, when not for the visual kind. */
  forcedReason?: string;
}

/**
 * The "Render JavaScript" switch; locked on (and saying why) while the visual kind is watched. A plan
 * without rendering (the server's gate) cannot switch it on, and the hint names the plan that can.
 */
export function RenderJsField({ plan, value, onChange, forced, forcedReason }: RenderJsFieldProps) {
  const gated = renderingNote(plan);
  return (
    <FormControlLabel
      control={
        <Switch
          checked={value || forced}
          disabled={forced || (gated !== null && !value)}
          onChange={(e) => onChange(e.target.checked)}
          slotProps={{ input: { "aria-describedby": "render-js-hint" } }}
        />
      }
      label={
        <span>
          Render JavaScript
          <Typography
            id="render-js-hint"
            variant="body2"
            color="text.secondary"
            component="span"
            sx={{ display: "block" }}
          >
            {forced
              ? (forcedReason ??
                "Always on while Visual (screenshot) is watched: a screenshot needs the rendered page.")
              : "For pages that build their content in the browser; also takes screenshots for visual diffs."}
            {gated && (
              <>
                {` Needs the ${gated}. `}
                <Link component={RouterLink} to="/auth/settings#plan">
                  See plans
                </Link>
              </>
            )}
          </Typography>
        </span>
      }
    />
  );
}
