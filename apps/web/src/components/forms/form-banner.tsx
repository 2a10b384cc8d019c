import Alert, { type AlertColor } from "@mui/material/Alert";

/** Spec §5: a server's plain message shows as a banner on the form. */
export function FormBanner({
  message,
  severity = "error",
}: {
  message: string | null;
  severity?: AlertColor;
}) {
  if (!message) return null;
  return (
    <Alert severity={severity} sx={{ mb: 2 }} role={severity === "error" ? "alert" : "status"}>
      {message}
    </Alert>
  );
}
