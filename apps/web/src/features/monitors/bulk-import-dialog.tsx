import {
  defaultSensitivity,
  type Frequency,
  frequencies,
  type ImportResult,
  type PlanName,
  type WatchKind,
} from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useState } from "react";
import { describeError } from "../../api/errors";
import { SensitivityField } from "./editor/sensitivity-field";
import { WatchKindsField } from "./editor/watch-kinds-field";
import { ImportReview } from "./import/import-review";
import { ImportSource, type ImportSourceKind } from "./import/import-source";
import { readImportFile } from "./import/read-import-file";
import { frequencyOption } from "./labels";
import { useMonitorMutations } from "./monitors-queries";

interface BulkImportProps {
  open: boolean;
  plan: PlanName;
  onClose: () => void;
}

/**
 * Many monitors at once, from pasted addresses or another tool's file (issue 13 §3). "Check" runs the
 * import as a dry run and lists what will be created and what cannot be carried over; "Import" creates them.
 */
export function BulkImportDialog({ open, plan, onClose }: BulkImportProps) {
  const { importMany } = useMonitorMutations();
  const fullScreen = useMediaQuery((t) => t.breakpoints.down("sm"));
  const [kind, setKind] = useState<ImportSourceKind>("paste");
  const [urls, setUrls] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [frequency, setFrequency] = useState<Frequency>("1d");
  const [watch, setWatch] = useState<WatchKind[]>(["text"]);
  const [tags, setTags] = useState("");
  const [sensitivity, setSensitivity] = useState(defaultSensitivity);
  const [result, setResult] = useState<ImportResult | null>(null);
  const hasSource = kind === "paste" ? urls.trim() !== "" : file !== null;

  const close = () => {
    setResult(null);
    setFile(null);
    importMany.reset();
    onClose();
  };
  const run = async (dryRun: boolean) => {
    const source = kind === "file" && file ? { file: await readImportFile(file) } : { urls };
    const tagList = tags
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
    importMany.mutate(
      { ...source, dryRun, frequency, watch, sensitivity, tags: tagList },
      { onSuccess: setResult },
    );
  };
  const reviewing = result?.dryRun === true;
  const done = result !== null && !result.dryRun;

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="bulk-import-title"
    >
      <DialogTitle id="bulk-import-title">Import monitors</DialogTitle>
      <DialogContent>
        {importMany.isError && <Alert severity="error">{describeError(importMany.error).message}</Alert>}
        {result ? (
          <ImportReview result={result} />
        ) : (
          <Stack spacing={2.5} sx={{ mt: 1 }}>
            <ImportSource
              kind={kind}
              onKind={setKind}
              urls={urls}
              onUrls={setUrls}
              file={file}
              onFile={setFile}
            />
            <TextField
              select
              label="Check frequency"
              helperText="Used where the file has no interval of its own"
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
            <WatchKindsField plan={plan} value={watch} onChange={setWatch} />
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
        <Button onClick={close}>{done ? "Done" : "Cancel"}</Button>
        {reviewing && <Button onClick={() => setResult(null)}>Back</Button>}
        {!result && (
          <Button
            variant="contained"
            onClick={() => void run(true)}
            disabled={!hasSource || watch.length === 0 || importMany.isPending}
          >
            Check what will be imported
          </Button>
        )}
        {reviewing && (
          <Button
            variant="contained"
            onClick={() => void run(false)}
            disabled={result.planned.length === 0 || importMany.isPending}
          >
            Import {result.planned.length} {result.planned.length === 1 ? "monitor" : "monitors"}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
