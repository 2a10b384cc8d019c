import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

interface StatCardProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: ReactNode;
  /** 0–100: a bar under the value (monitors used of the plan). */
  progress?: number;
  tone?: "default" | "error";
}

export function StatCard({ label, value, hint, icon, progress, tone = "default" }: StatCardProps) {
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={label}
      sx={{ p: 2.5, display: "flex", gap: 2, alignItems: "flex-start" }}
    >
      <Box
        sx={{
          p: 1,
          borderRadius: 2,
          bgcolor: tone === "error" ? "#fbeaea" : "grey.100",
          color: tone === "error" ? "error.main" : "primary.main",
          display: "flex",
        }}
        aria-hidden
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontSize: "0.8rem" }}>
          {label}
        </Typography>
        <Typography
          sx={{
            fontSize: "1.75rem",
            fontWeight: 600,
            lineHeight: 1.2,
            color: tone === "error" ? "error.main" : "text.primary",
          }}
        >
          {value}
        </Typography>
        {progress !== undefined && (
          <LinearProgress
            variant="determinate"
            value={Math.min(100, progress)}
            sx={{ mt: 1, height: 6, borderRadius: 3 }}
            aria-label={label}
          />
        )}
        {hint && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {hint}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
