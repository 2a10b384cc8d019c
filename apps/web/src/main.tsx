import "@fontsource/public-sans/latin-400.css";
import "@fontsource/public-sans/latin-500.css";
import "@fontsource/public-sans/latin-600.css";
import "@fontsource/public-sans/latin-700.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { startAnalytics } from "./lib/analytics";
import { readConsent } from "./lib/cookie-consent";
import { useAuthStore } from "./store/auth-store";
import { shouldRestoreSession } from "./store/session-persistence";

// Spec §4: with 'all' stored, analytics starts on load.
if (readConsent() === "all") startAnalytics();
// With the 'stay signed in' flag (or a live tab session) the refresh cookie restores the session;
// the API client is loaded only then, keeping it out of an anonymous visitor's first load.
if (shouldRestoreSession()) void import("./lib/session").then((m) => m.restoreSession());
else useAuthStore.getState().finishLoading();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
