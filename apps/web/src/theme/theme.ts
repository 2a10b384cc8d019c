import { createTheme } from "@mui/material/styles";

/** Spec §1: the look of the whole product. Every constant here is fixed by the spec. */
export const breakpointValues = { xs: 0, sm: 768, md: 1024, lg: 1266, xl: 1440 } as const;
export const toolbarMinHeight = 60;
export const headerLogoHeight = 30;
/** Spec §2: the shared sidebar width; the temporary (mobile) drawer is three times as wide. */
export const drawerWidth = 65;
export const temporaryDrawerWidth = drawerWidth * 3;

export const backgroundGradient = "linear-gradient(180deg, #f8fafc 0%, #eef2f7 55%, #e6ecf3 100%)";

export const theme = createTheme({
  breakpoints: { values: breakpointValues },
  palette: {
    mode: "light",
    primary: { main: "#1e293b", light: "#334155", dark: "#0f172a", contrastText: "#ffffff" },
    secondary: { main: "#0369a1", light: "#0ea5e9", dark: "#075985", contrastText: "#ffffff" },
    error: { main: "#b4443f", light: "#d9706b", dark: "#8a2f2b", contrastText: "#ffffff" },
    warning: { main: "#a66a12", light: "#d4a04a", dark: "#7a4e0d", contrastText: "#ffffff" },
    info: { main: "#3b6e9e", light: "#6b97c2", dark: "#2a5079", contrastText: "#ffffff" },
    success: { main: "#3d7a5a", light: "#6aa386", dark: "#2b5a41", contrastText: "#ffffff" },
    text: { primary: "#1e293b", secondary: "#475569" },
    background: { default: "#f8fafc", paper: "#ffffff" },
    divider: "#e2e8f0",
  },
  typography: {
    fontFamily: "'Public Sans', system-ui, -apple-system, 'Segoe UI', sans-serif",
    htmlFontSize: 16,
    fontSize: 14,
    h1: { fontWeight: 600, fontSize: "2.75rem", lineHeight: 1.15 },
    h2: { fontWeight: 600, fontSize: "2.125rem", lineHeight: 1.2 },
    h3: { fontWeight: 600, fontSize: "1.75rem", lineHeight: 1.25 },
    h4: { fontWeight: 600, fontSize: "1.5rem", lineHeight: 1.3 },
    h5: { fontWeight: 600, fontSize: "1.25rem", lineHeight: 1.35 },
    h6: { fontWeight: 600, fontSize: "1.0625rem", lineHeight: 1.4 },
    subtitle1: { fontSize: "1rem" },
    body1: { fontSize: "0.95rem" },
    body2: { fontSize: "0.75rem" },
    button: { textTransform: "capitalize", fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
  mixins: { toolbar: { minHeight: toolbarMinHeight } },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        html: { fontSize: 16, scrollBehavior: "smooth" },
        body: { backgroundImage: backgroundGradient, minHeight: "100vh" },
        "@media (prefers-reduced-motion: reduce)": { html: { scrollBehavior: "auto" } },
      },
    },
    MuiToolbar: { styleOverrides: { root: { minHeight: toolbarMinHeight } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    // Alerts carry form banners and notices: body text size, not the small 0.75rem MUI gives them.
    MuiAlert: { styleOverrides: { root: { fontSize: "0.9rem" } } },
  },
});
