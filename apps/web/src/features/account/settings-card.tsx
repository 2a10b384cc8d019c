import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** One titled section of Account Settings, reachable by its #id. */
export function SettingsCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 2, md: 3 }, scrollMarginTop: 80 }}
    >
      <Typography variant="h6" component="h2" id={`${id}-title`}>
        {title}
      </Typography>
      {description && (
        <Typography color="text.secondary" sx={{ mb: 2, fontSize: "0.875rem" }}>
          {description}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
