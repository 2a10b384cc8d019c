import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

interface LandingSectionProps {
  /** The anchor the top bar scrolls to, when the section has one. */
  id?: string;
  title: string;
  subtitle: string;
  children: ReactNode;
}

/** A landing page section with its centred heading; anchored sections clear the sticky top bar. */
export function LandingSection({ id, title, subtitle, children }: LandingSectionProps) {
  const titleId = `${id ?? title.toLowerCase().replace(/\W+/g, "-")}-title`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={titleId}
      sx={{ py: { xs: 6, md: 10 }, scrollMarginTop: 72 }}
    >
      <Box sx={{ textAlign: "center", maxWidth: 680, mx: "auto", mb: { xs: 4, md: 6 } }}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: { xs: "1.75rem", md: "2.125rem" } }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5, fontSize: "1.05rem" }}>
          {subtitle}
        </Typography>
      </Box>
      {children}
    </Box>
  );
}
