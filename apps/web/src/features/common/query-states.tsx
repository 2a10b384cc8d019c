import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { describeError } from "../../api/errors";

/** Placeholder rows while a list loads, announced to screen readers. */
export function LoadingRows({
  rows = 3,
  height = 72,
  label = "Loading",
}: {
  rows?: number;
  height?: number;
  label?: string;
}) {
  return (
    <Box role="status" aria-label={label} sx={{ display: "grid", gap: 1.5 }}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} variant="rounded" height={height} />
      ))}
    </Box>
  );
}

/** A failed load: the reason in words and a way to try again. */
export function LoadError({ error, onRetry, what }: { error: unknown; onRetry?: () => void; what: string }) {
  return (
    <Alert
      severity="error"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    >
      Could not load {what}. {describeError(error).message}
    </Alert>
  );
}

/** Nothing to show yet: says why and offers the next step. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, md: 5 }, textAlign: "center", display: "grid", justifyItems: "center", gap: 1.5 }}
    >
      {icon && <Box sx={{ color: "text.secondary", "& svg": { fontSize: 48 } }}>{icon}</Box>}
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children && (
        <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
          {children}
        </Typography>
      )}
      {action}
    </Paper>
  );
}
