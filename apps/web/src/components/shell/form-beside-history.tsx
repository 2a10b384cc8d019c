import Box from "@mui/material/Box";
import type { ReactNode } from "react";

/** A form and the user's earlier submissions: side by side on wide screens, stacked on narrow ones. */
export function FormBesideHistory({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: "grid",
        gap: 3,
        gridTemplateColumns: { xs: "minmax(0,1fr)", lg: "minmax(0,3fr) minmax(0,2fr)" },
        alignItems: "start",
      }}
    >
      {children}
    </Box>
  );
}
