import { createMonitorSchema, type PlanName, type Preview, sitePagesProblem } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { Link } from "react-router";
import { FormBanner } from "../../../components/forms/form-banner";
import { applyServerErrors } from "../../../components/forms/server-errors";
import { AdvancedFields } from "./advanced-fields";
import { BrowserStepsField } from "./browser-steps-field";
import { FrequencyField } from "./frequency-field";
import { ModeField } from "./mode-field";
import type { MonitorFormValues } from "./monitor-form-values";
import { toMonitorInput } from "./monitor-form-values";
import { PreviewStep } from "./preview-step";
import { RenderJsField } from "./render-js-field";
import { SiteFields } from "./site-fields";
import { WatchKindsField } from "./watch-kinds-field";

interface MonitorFormProps {
  plan: PlanName;
  initial: MonitorFormValues;
  editing: boolean;
  onSubmit: (input: ReturnType<typeof toMonitorInput>) => Promise<unknown>;
  cancelTo: string;
  /** The monitor being edited ("Run steps" uses its stored secrets). */
  monitorId?: string;
}

const fields = [
  "url",
  "name",
  "frequency",
  "watch",
  "selector",
  "ignore",
  "conditions",
  "sensitivity",
  "channelIds",
  "tags",
  "mode",
  "maxPages",
  "crawlDepth",
  "watchPages",
  "browserSteps",
] as const;
/** The contract's schema validates what the API will receive; each problem goes under its field. */
const resolver: Resolver<MonitorFormValues> = (values) => {
  const parsed = createMonitorSchema.safeParse(toMonitorInput(values));
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? "url");
    // A browser step's problem names its step: "Step 2: Wait at most 30 seconds".
    const step = field === "browserSteps" && typeof issue.path[1] === "number" ? issue.path[1] + 1 : null;
    const message = step ? `Step ${step}: ${issue.message}` : issue.message;
    errors[field] ??= { type: issue.code, message };
  }
  const pagesProblem = sitePagesProblem(values.mode, values.maxPages);
  if (pagesProblem) errors.maxPages ??= { type: "too_big", message: pagesProblem };
  if (Object.keys(errors).length === 0) return { values, errors: {} };
  return { values: {}, errors: errors as never };
};

/** Add or edit a monitor: address → live preview and element picking → what to watch and how often. */
export function MonitorForm({ plan, initial, editing, onSubmit, cancelTo, monitorId }: MonitorFormProps) {
  const form = useForm<MonitorFormValues>({ defaultValues: initial, resolver });
  const { control, register, handleSubmit, setValue, watch, setError, formState } = form;
  const [banner, setBanner] = useState<string | null>(null);
  const [watchTouched, setWatchTouched] = useState(editing);
  const [suggested, setSuggested] = useState<Preview["suggestedWatch"]>([]);
  const selector = watch("selector");
  const mode = watch("mode");
  const watchPages = mode !== "page" && watch("watchPages");

  const onPreview = (preview: Preview) => {
    setSuggested(preview.suggestedWatch);
    if (!form.getValues("name") && preview.title) setValue("name", preview.title.slice(0, 200));
    if (!watchTouched && preview.suggestedWatch.length > 0) setValue("watch", preview.suggestedWatch);
  };
  const submit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await onSubmit(toMonitorInput(values));
    } catch (error) {
      setBanner(applyServerErrors(error, setError, fields));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={editing ? "Edit monitor" : "Add monitor"}>
      <FormBanner message={banner} />
      <Box
        sx={{
          display: "grid",
          gap: 3,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 5fr) minmax(0, 4fr)" },
          alignItems: "start",
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
            <Controller
              control={control}
              name="mode"
              render={({ field }) => (
                <ModeField
                  value={field.value}
                  onChange={(next) => {
                    field.onChange(next);
                    // Each mode has its own page cap: start from its default.
                    setValue("maxPages", null);
                    setValue("crawlDepth", null);
                  }}
                />
              )}
            />
          </Paper>
          <PreviewStep
            mode={mode}
            monitorId={monitorId}
            previewAtOnce={editing}
            control={control}
            selector={selector}
            onPreview={onPreview}
            onPick={(picked) => setValue("selector", picked, { shouldDirty: true })}
          />
        </Stack>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Stack spacing={3}>
            <TextField
              label="Name"
              {...register("name")}
              id="name"
              error={Boolean(formState.errors.name)}
              helperText={formState.errors.name?.message ?? "Shown in lists and alerts"}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            {mode !== "page" && (
              <SiteFields control={control} mode={mode} plan={plan} watchPages={watchPages} />
            )}
            {mode === "page" && (
              <TextField
                label="Element to watch (CSS selector)"
                {...register("selector")}
                id="selector"
                placeholder="Whole page"
                error={Boolean(formState.errors.selector)}
                helperText={
                  formState.errors.selector?.message ??
                  "Pick it in the preview or type a CSS selector (XPath starting with / works too). Empty = the whole page."
                }
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { spellCheck: false, style: { fontFamily: "monospace" } },
                }}
              />
            )}
            {(mode === "page" || watchPages) && (
              <Controller
                control={control}
                name="watch"
                render={({ field, fieldState }) => (
                  <WatchKindsField
                    plan={plan}
                    value={field.value}
                    onChange={(value) => {
                      setWatchTouched(true);
                      field.onChange(value);
                    }}
                    error={fieldState.error?.message}
                    suggested={suggested}
                  />
                )}
              />
            )}
            <Controller
              control={control}
              name="frequency"
              render={({ field, fieldState }) => (
                <FrequencyField
                  plan={plan}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            {mode === "page" && (
              <>
                <Controller
                  control={control}
                  name="renderJs"
                  render={({ field }) => (
                    <RenderJsField
                      plan={plan}
                      value={field.value}
                      onChange={field.onChange}
                      forced={watch("watch").includes("visual") || watch("browserSteps").length > 0}
                      forcedReason={
                        watch("browserSteps").length > 0 && !watch("watch").includes("visual")
                          ? "Always on while the monitor has browser steps: they run in the rendered page."
                          : undefined
                      }
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="browserSteps"
                  render={({ field, fieldState }) => (
                    <BrowserStepsField
                      plan={plan}
                      value={field.value}
                      onChange={field.onChange}
                      url={watch("url")}
                      monitorId={monitorId}
                      error={fieldState.error?.message}
                    />
                  )}
                />
              </>
            )}
            <AdvancedFields control={control} site={mode === "page" ? "no" : watchPages ? "pages" : "list"} />
            <Box sx={{ display: "flex", gap: 1.5, justifyContent: "flex-end", flexWrap: "wrap" }}>
              <Button component={Link} to={cancelTo}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
                {editing ? "Save changes" : "Start monitoring"}
              </Button>
            </Box>
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}
