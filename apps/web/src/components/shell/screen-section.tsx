import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** A signed-in screen: its title and what it holds. */
export function ScreenSection({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box component="section" aria-labelledby="screen-title">
      <Typography id="screen-title" variant="h4" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
