import {
  frequencyLabels,
  type ImportResult,
  type ImportSkipReason,
  importFormatLabels,
} from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";

const reasonLabels: Record<ImportSkipReason, string> = {
  invalid_url: "Invalid address",
  duplicate: "Duplicate",
  over_plan_limit: "Over plan limit",
  unsupported: "Not supported",
};

/** The dry run (what will be created, what will not and why) or the outcome of the real run. */
export function ImportReview({ result }: { result: ImportResult }) {
  const count = result.dryRun ? result.planned.length : result.created.length;
  const noun = count === 1 ? "monitor" : "monitors";
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <Alert severity={result.skipped.length ? "warning" : "success"}>
        {result.dryRun
          ? `${importFormatLabels[result.format]}: ${count} ${noun} will be created`
          : `${count} ${noun} ${count === 1 ? "was" : "were"} added`}
        {result.skipped.length ? `; ${result.skipped.length} cannot be carried over.` : "."}
      </Alert>
      {result.dryRun && result.planned.length > 0 && (
        <section aria-labelledby="import-planned">
          <Typography id="import-planned" variant="subtitle2">
            Will be created
          </Typography>
          <List dense aria-label="Will be created">
            {result.planned.map((p) => (
              <ListItem key={p.url} disableGutters>
                <ListItemText
                  primary={p.name}
                  secondary={[
                    p.url,
                    frequencyLabels[p.frequency],
                    p.selector ? `Selector ${p.selector}` : null,
                    p.renderJs ? "JavaScript" : null,
                    p.browserSteps
                      ? `${p.browserSteps} browser step${p.browserSteps === 1 ? "" : "s"}`
                      : null,
                    p.paused ? "Paused" : null,
                    p.tags.length ? `Tags: ${p.tags.join(", ")}` : null,
                    ...p.notes,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                />
              </ListItem>
            ))}
          </List>
        </section>
      )}
      {result.skipped.length > 0 && (
        <section aria-labelledby="import-skipped">
          <Typography id="import-skipped" variant="subtitle2">
            Not carried over
          </Typography>
          <List dense aria-label="Not carried over">
            {result.skipped.map((s) => (
              <ListItem key={`${s.reason}|${s.url}|${s.name}`} disableGutters>
                <ListItemText
                  primary={
                    <>
                      <Chip size="small" label={reasonLabels[s.reason]} sx={{ mr: 1 }} />
                      {s.name ? `${s.name} — ${s.url}` : s.url}
                    </>
                  }
                  secondary={s.message}
                  slotProps={{ secondary: { color: "error" } }}
                />
              </ListItem>
            ))}
          </List>
        </section>
      )}
    </Stack>
  );
}
