import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The card every account screen (login, register, recovery) sits in. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Paper variant="outlined" sx={{ maxWidth: 460, mx: "auto", p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {subtitle}
        </Typography>
      )}
      {children}
      {footer && <Box sx={{ mt: 3, textAlign: "center" }}>{footer}</Box>}
    </Paper>
  );
}
