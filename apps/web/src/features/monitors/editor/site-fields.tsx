import { type MonitorMode, type PlanName, planForSite, plans, siteLimits } from "@changeradar/contracts";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type Control, Controller } from "react-hook-form";
import type { MonitorFormValues } from "./monitor-form-values";

interface SiteFieldsProps {
  control: Control<MonitorFormValues>;
  mode: Exclude<MonitorMode, "page">;
  plan: PlanName;
  watchPages: boolean;
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

/** "Watch each page's content": what it does, and how many pages the plan watches per site. */
function WatchPagesField({ control, plan }: { control: Control<MonitorFormValues>; plan: PlanName }) {
  const watched = plans[plan].site.watchedPages;
  const upgrade = planForSite({ watchedPages: 1 });
  const hint =
    watched > 0
      ? `Each page found is also checked for content changes, with this monitor's settings below (what to look for, sensitivity, ignore rules, alerts). Each change names its page. Your ${plan} plan watches up to ${watched} pages of a site; they do not count as monitors.`
      : `Each page found is also checked for content changes. Needs the ${upgrade ?? "Business"} plan or higher.`;
  return (
    <Controller
      control={control}
      name="watchPages"
      render={({ field, fieldState }) => (
        <div>
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value}
                onChange={(e) => field.onChange(e.target.checked)}
                inputRef={field.ref}
                disabled={watched === 0 && !field.value}
                slotProps={{ input: { "aria-describedby": "watchPages-help" } }}
              />
            }
            label="Watch each page's content"
          />
          <FormHelperText id="watchPages-help" error={Boolean(fieldState.error)} sx={{ mt: 0 }}>
            {fieldState.error?.message ?? hint}
          </FormHelperText>
        </div>
      )}
    />
  );
}

/** A site monitor's bounds (within the plan's): how many pages it lists, how deep a crawl follows links. */
export function SiteFields({ control, mode, plan, watchPages }: SiteFieldsProps) {
  const limits = siteLimits[mode];
  const allowed = plans[plan].site;
  const most = Math.min(limits.maxPages, allowed.pages, watchPages ? allowed.watchedPages : Infinity);
  const depth = Math.min(siteLimits.maxDepth, allowed.crawlDepth);
  const pagesDefault = Math.max(1, Math.min(limits.defaultPages, most));
  return (
    <Stack spacing={2}>
      <Stack spacing={3} direction={{ xs: "column", sm: "row" }}>
        <BoundField
          control={control}
          name="maxPages"
          label="Pages at most"
          hint={`Up to ${most} on your plan; empty = ${pagesDefault}`}
          max={most}
        />
        {mode === "crawl" && (
          <BoundField
            control={control}
            name="crawlDepth"
            label="Link depth"
            hint={`Links followed from the start page, 1 to ${depth} on your plan; empty = ${Math.min(siteLimits.defaultDepth, depth)}`}
            max={depth}
          />
        )}
      </Stack>
      <WatchPagesField control={control} plan={plan} />
    </Stack>
  );
}
