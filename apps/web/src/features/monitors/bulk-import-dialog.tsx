import {
  defaultSensitivity,
  type Frequency,
  frequencies,
  type PlanName,
  type WatchKind,
} from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useState } from "react";
import { describeError } from "../../api/errors";
import { SensitivityField } from "./editor/sensitivity-field";
import { WatchKindsField } from "./editor/watch-kinds-field";
import { frequencyOption } from "./labels";
import { type ImportResult, useMonitorMutations } from "./monitors-queries";

interface BulkImportProps {
  open: boolean;
  plan: PlanName;
  onClose: () => void;
}

/** Many URLs at once, one per line, sharing a frequency, what to watch, sensitivity and tags. */
export function BulkImportDialog({ open, plan, onClose }: BulkImportProps) {
  const { importMany } = useMonitorMutations();
  const fullScreen = useMediaQuery((t) => t.breakpoints.down("sm"));
  const [urls, setUrls] = useState("");
  const [frequency, setFrequency] = useState<Frequency>("1d");
  const [watch, setWatch] = useState<WatchKind[]>(["text"]);
  const [tags, setTags] = useState("");
  const [sensitivity, setSensitivity] = useState(defaultSensitivity);
  const [result, setResult] = useState<ImportResult | null>(null);
  const lines = urls
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

  const close = () => {
    setResult(null);
    importMany.reset();
    onClose();
  };
  const submit = () =>
    importMany.mutate(
      {
        urls: lines.join("\n"),
        frequency,
        watch,
        sensitivity,
        tags: tags
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean),
      },
      { onSuccess: setResult },
    );

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="bulk-import-title"
    >
      <DialogTitle id="bulk-import-title">Import monitors</DialogTitle>
      <DialogContent>
        {result ? (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Alert severity={result.errors.length ? "warning" : "success"}>
              {result.created.length} {result.created.length === 1 ? "monitor was" : "monitors were"} added
              {result.errors.length ? `; ${result.errors.length} could not be added.` : "."}
            </Alert>
            {result.errors.length > 0 && (
              <List dense aria-label="Addresses not imported">
                {result.errors.map((e) => (
                  <ListItem key={e.url} disableGutters>
                    <ListItemText
                      primary={e.url}
                      secondary={e.message}
                      slotProps={{ secondary: { color: "error" } }}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Stack>
        ) : (
          <Stack spacing={2.5} sx={{ mt: 1 }}>
            {importMany.isError && <Alert severity="error">{describeError(importMany.error).message}</Alert>}
            <TextField
              label="Web addresses, one per line"
              multiline
              minRows={5}
              value={urls}
              onChange={(e) => setUrls(e.target.value)}
              placeholder={"https://example.com/product\nhttps://example.com/blog"}
              helperText={`${lines.length} ${lines.length === 1 ? "address" : "addresses"}`}
            />
            <TextField
              select
              label="Check frequency"
              value={frequency}
              onChange={(e) => setFrequency(e.target.value as Frequency)}
            >
              {frequencies.map((f) => {
                const option = frequencyOption(plan, f);
                return (
                  <MenuItem key={f} value={f} disabled={!option.allowed}>
                    {option.note ? `${option.label} — ${option.note}` : option.label}
                  </MenuItem>
                );
              })}
            </TextField>
            <WatchKindsField value={watch} onChange={setWatch} />
            <SensitivityField id="import-sensitivity" value={sensitivity} onChange={setSensitivity} />
            <TextField
              label="Tags (comma separated)"
              value={tags}
              onChange={(e) => setTags(e.target.value)}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{result ? "Done" : "Cancel"}</Button>
        {!result && (
          <Button
            variant="contained"
            onClick={submit}
            disabled={lines.length === 0 || watch.length === 0 || importMany.isPending}
          >
            Import {lines.length || ""}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
