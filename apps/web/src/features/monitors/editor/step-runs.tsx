import type { BrowserStepInput } from "@changeradar/contracts";
import PlayArrow from "@mui/icons-material/PlayArrow";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { describeError } from "../../../api/errors";
import { useRunSteps } from "../monitors-queries";

/** "Run steps": runs them once against the live page and shows the page after each step. */
export function StepRuns({
  url,
  steps,
  monitorId,
}: {
  url: string;
  steps: BrowserStepInput[];
  monitorId?: string;
}) {
  const run = useRunSteps();
  const result = run.data;
  return (
    <Box sx={{ mt: 1 }}>
      <Button
        variant="outlined"
        startIcon={run.isPending ? <CircularProgress size={16} /> : <PlayArrow />}
        disabled={run.isPending || !url.trim()}
        onClick={() => run.mutate({ url: url.trim(), steps, monitorId })}
      >
        {run.isPending ? "Running steps…" : "Run steps"}
      </Button>
      {!url.trim() && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Enter the page's address first.
        </Typography>
      )}
      <Box aria-live="polite">
        {run.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {describeError(run.error).fieldErrors[0]?.msg ?? describeError(run.error).message}
          </Alert>
        )}
        {result && (
          <>
            <Alert severity={result.ok ? "success" : "error"} sx={{ mt: 1 }}>
              {result.ok ? `All ${result.steps.length} steps ran.` : (result.error ?? "A step failed.")}
            </Alert>
            <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0, mt: 1 }} aria-label="Step results">
              {result.steps.map((step) => (
                <Box component="li" key={step.number} sx={{ mb: 2 }}>
                  <Typography variant="body2" color={step.ok ? "text.primary" : "error"}>
                    {`${step.ok ? "✓" : "✗"} Step ${step.number}: ${step.label}`}
                    {step.error ? ` — ${step.error}` : ""}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ wordBreak: "break-all" }}>
                    {step.url}
                  </Typography>
                  {step.screenshot && (
                    // The whole page after the step: a tall one scrolls inside its frame (keyboard too).
                    <Box
                      tabIndex={0}
                      role="region"
                      aria-label={`The whole page after step ${step.number}, scrollable`}
                      sx={{
                        maxWidth: 480,
                        maxHeight: 360,
                        overflowY: "auto",
                        border: 1,
                        borderColor: "divider",
                        borderRadius: 1,
                        mt: 0.5,
                      }}
                    >
                      <Box
                        component="img"
                        src={step.screenshot}
                        alt={`The page after step ${step.number}`}
                        sx={{ display: "block", width: "100%" }}
                      />
                    </Box>
                  )}
                </Box>
              ))}
            </Box>
          </>
        )}
      </Box>
    </Box>
  );
}
