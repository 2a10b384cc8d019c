import Download from "@mui/icons-material/Download";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useMutation } from "@tanstack/react-query";
import { downloadFile } from "../../api/download";
import { describeError } from "../../api/errors";

const today = () => new Date().toISOString().slice(0, 10);

/** No lock-in: everything the user set up and the history the plan keeps, to take elsewhere. */
export function YourDataPanel() {
  const download = useMutation({
    mutationFn: ({ path, filename }: { path: string; filename: string }) => downloadFile(path, filename),
  });
  return (
    <Stack spacing={2}>
      {download.isError && <Alert severity="error">{describeError(download.error).message}</Alert>}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <Button
          variant="outlined"
          startIcon={<Download />}
          disabled={download.isPending}
          onClick={() =>
            download.mutate({ path: "/export/account.json", filename: `changeradar-export-${today()}.json` })
          }
        >
          Download everything (JSON)
        </Button>
        <Button
          variant="outlined"
          startIcon={<Download />}
          disabled={download.isPending}
          onClick={() =>
            download.mutate({ path: "/export/changes.csv", filename: `changeradar-changes-${today()}.csv` })
          }
        >
          Download changes (CSV)
        </Button>
      </Stack>
    </Stack>
  );
}
