import { type MonitorMode, siteLimits } from "@changeradar/contracts";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type Control, Controller } from "react-hook-form";
import type { MonitorFormValues } from "./monitor-form-values";

interface SiteFieldsProps {
  control: Control<MonitorFormValues>;
  mode: Exclude<MonitorMode, "page">;
}

const wholeNumber = (text: string): number | null => (text.trim() === "" ? null : Number(text));

/** A whole-number field of a site monitor; empty means the mode's default (null). */
function BoundField(props: {
  control: Control<MonitorFormValues>;
  name: "maxPages" | "crawlDepth";
  label: string;
  hint: string;
  max: number;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <TextField
          id={props.name}
          label={props.label}
          type="number"
          value={field.value ?? ""}
          onChange={(e) => field.onChange(wholeNumber(e.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? props.hint}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 1, max: props.max, step: 1 } }}
          fullWidth
        />
      )}
    />
  );
}

/** A site monitor's bounds: how many pages it lists, and how deep a crawl follows links. */
export function SiteFields({ control, mode }: SiteFieldsProps) {
  const limits = siteLimits[mode];
  return (
    <Stack spacing={3} direction={{ xs: "column", sm: "row" }}>
      <BoundField
        control={control}
        name="maxPages"
        label="Pages at most"
        hint={`Up to ${limits.maxPages}; empty = ${limits.defaultPages}`}
        max={limits.maxPages}
      />
      {mode === "crawl" && (
        <BoundField
          control={control}
          name="crawlDepth"
          label="Link depth"
          hint={`Links followed from the start page, 1 to ${siteLimits.maxDepth}; empty = ${siteLimits.defaultDepth}`}
          max={siteLimits.maxDepth}
        />
      )}
    </Stack>
  );
}
