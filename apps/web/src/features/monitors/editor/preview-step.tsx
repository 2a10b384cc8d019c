import type { MonitorMode, Preview } from "@changeradar/contracts";
import TravelExplore from "@mui/icons-material/TravelExplore";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useCallback, useEffect, useRef } from "react";
import { type Control, Controller, useWatch } from "react-hook-form";
import { describeError } from "../../../api/errors";
import { usePreview } from "../monitors-queries";
import { addressCopy } from "./mode-field";
import type { MonitorFormValues } from "./monitor-form-values";
import { PreviewPanel } from "./preview-panel";

interface PreviewStepProps {
  control: Control<MonitorFormValues>;
  selector: string;
  onPreview: (preview: Preview) => void;
  onPick: (selector: string) => void;
  /** Editing an existing monitor: show what it watches at once. */
  previewAtOnce?: boolean;
  /** A site monitor has an address and no page preview. */
  mode?: MonitorMode;
  /** The monitor being edited: the screenshot picker's steps may use its stored secrets. */
  monitorId?: string;
}

const looksLikeUrl = (value: string) => /^https?:\/\/[^\s/]+\.?[^\s]*$/i.test(value.trim());

/** The address field and what the engine sees there, refreshed when the selector or rendering changes. */
export function PreviewStep({
  control,
  selector,
  onPreview,
  onPick,
  previewAtOnce = false,
  mode = "page",
  monitorId,
}: PreviewStepProps) {
  const copy = addressCopy[mode];
  const page = mode === "page";
  const preview = usePreview();
  const renderJs = useWatch({ control, name: "renderJs" });
  const url = useWatch({ control, name: "url" });
  const browserSteps = useWatch({ control, name: "browserSteps" });
  const onPreviewRef = useRef(onPreview);
  onPreviewRef.current = onPreview;

  const run = useCallback(
    (scope: string | null, address = url) => {
      if (!looksLikeUrl(address) || !page) return;
      preview.mutate(
        { url: address.trim(), selector: scope || null, renderJs },
        { onSuccess: (answer) => onPreviewRef.current(answer) },
      );
    },
    [url, renderJs, preview.mutate, page],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening the editor
  useEffect(() => {
    if (previewAtOnce) run(selector);
  }, []);

  // Rendering with JavaScript shows a different page: preview again when it is switched.
  const previewed = preview.data !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the renderer switch triggers this
  useEffect(() => {
    if (previewed) run(selector);
  }, [renderJs]);

  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {copy.title}
        </Typography>
        <Box
          sx={{ display: "flex", gap: 1.5, alignItems: "flex-start", flexWrap: { xs: "wrap", sm: "nowrap" } }}
        >
          <Controller
            control={control}
            name="url"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                id="url"
                label={copy.label}
                type="url"
                placeholder={copy.placeholder}
                autoFocus={!field.value}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? copy.hint}
                onPaste={(e) => {
                  const pasted = e.clipboardData.getData("text").trim();
                  if (looksLikeUrl(pasted) && !field.value) run("", pasted);
                }}
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    run(selector);
                  }
                }}
              />
            )}
          />
          {page && (
            <Button
              variant="outlined"
              onClick={() => run(selector)}
              disabled={!looksLikeUrl(url) || preview.isPending}
              startIcon={preview.isPending ? <CircularProgress size={16} aria-hidden /> : <TravelExplore />}
              sx={{ flexShrink: 0, mt: { sm: 1 }, width: { xs: "100%", sm: "auto" } }}
            >
              {previewed ? "Refresh preview" : "Preview"}
            </Button>
          )}
        </Box>
      </Paper>
      {!page && (
        <Paper variant="outlined" sx={{ p: 3, color: "text.secondary", borderStyle: "dashed" }}>
          <Typography>
            Each check lists the site's pages and compares them with the last list: you get one alert naming
            the pages added and removed. We read one address at a time with a pause between, keep to the page
            cap, and never fetch what the site's robots.txt disallows.
          </Typography>
        </Paper>
      )}
      {page && preview.isPending && !previewed && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }} role="status">
          <CircularProgress size={28} aria-hidden />
          <Typography sx={{ mt: 1 }}>Fetching the page as our checker sees it…</Typography>
        </Paper>
      )}
      {page && preview.isError && <Alert severity="error">{describeError(preview.error).message}</Alert>}
      {page && preview.data && (
        <Box sx={{ opacity: preview.isPending ? 0.6 : 1 }}>
          <PreviewPanel
            preview={preview.data}
            selector={selector || null}
            renderJs={renderJs || browserSteps.length > 0}
            screenshotRequest={{ url: preview.data.url, steps: browserSteps, monitorId }}
            onPick={(picked) => {
              onPick(picked);
              run(picked);
            }}
          />
        </Box>
      )}
      {page && !preview.data && !preview.isPending && !preview.isError && (
        <Paper variant="outlined" sx={{ p: 3, color: "text.secondary", borderStyle: "dashed" }}>
          <Typography>
            The live preview shows the text, price, stock and lists we find on the page, and lets you click
            the exact part you care about.
          </Typography>
        </Paper>
      )}
    </>
  );
}
