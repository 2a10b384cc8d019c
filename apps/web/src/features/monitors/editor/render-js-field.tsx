import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";

interface RenderJsFieldProps {
  value: boolean;
  onChange: (value: boolean) => void;
  /** Watching "Visual (screenshot)" needs a rendered page: the switch is on and locked. */
  forced: boolean;
}

/** The "Render JavaScript" switch; locked on (and saying why) while the visual kind is watched. */
export function RenderJsField({ value, onChange, forced }: RenderJsFieldProps) {
  return (
    <FormControlLabel
      control={
        <Switch
          checked={value || forced}
          disabled={forced}
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
              ? "Always on while Visual (screenshot) is watched: a screenshot needs the rendered page."
              : "For pages that build their content in the browser; also takes screenshots for visual diffs."}
          </Typography>
        </span>
      }
    />
  );
}
