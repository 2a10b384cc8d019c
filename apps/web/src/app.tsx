import { limits } from "@changeradar/contracts";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { SnackbarProvider } from "notistack";
import { RouterProvider } from "react-router";
import { toastComponents } from "./components/toast-content";
import { router } from "./routes/router";
import { theme } from "./theme/theme";

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        maxSnack={3}
        autoHideDuration={limits.toastMs}
        anchorOrigin={{ vertical: "top", horizontal: "right" }}
        Components={toastComponents}
      >
        <RouterProvider router={router} />
      </SnackbarProvider>
    </ThemeProvider>
  );
}
