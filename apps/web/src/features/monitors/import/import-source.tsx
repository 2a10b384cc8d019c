import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";

export type ImportSourceKind = "paste" | "file";

interface ImportSourceProps {
  kind: ImportSourceKind;
  onKind: (kind: ImportSourceKind) => void;
  urls: string;
  onUrls: (urls: string) => void;
  file: File | null;
  onFile: (file: File | null) => void;
}

/** Where the monitors come from: addresses pasted one per line, or another tool's file. */
export function ImportSource({ kind, onKind, urls, onUrls, file, onFile }: ImportSourceProps) {
  const lines = urls.split(/\r?\n/).filter((l) => l.trim()).length;
  return (
    <Stack spacing={2}>
      <Tabs value={kind} onChange={(_, value: ImportSourceKind) => onKind(value)} aria-label="Import from">
        <Tab value="paste" label="Paste addresses" />
        <Tab value="file" label="Upload a file" />
      </Tabs>
      {kind === "paste" ? (
        <TextField
          label="Web addresses, one per line"
          multiline
          minRows={5}
          value={urls}
          onChange={(e) => onUrls(e.target.value)}
          placeholder={"https://example.com/product\nhttps://example.com/blog"}
          helperText={`${lines} ${lines === 1 ? "address" : "addresses"}`}
        />
      ) : (
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            An urlwatch urls.yaml, a changedetection.io backup (.zip), a Distill export (.json), or a list or
            CSV of URLs. Nothing is created until you have seen what will be imported.
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
            <Button variant="outlined" component="label">
              Choose file
              <input
                hidden
                type="file"
                aria-label="Import file"
                accept=".yaml,.yml,.zip,.json,.csv,.txt"
                onChange={(e) => onFile(e.target.files?.[0] ?? null)}
              />
            </Button>
            <Typography variant="body2">{file ? file.name : "No file chosen"}</Typography>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
