import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { disableAnalytics, startAnalytics } from "../../lib/analytics";
import { type CookieConsent, readConsent, storeConsent } from "../../lib/cookie-consent";

/** Spec §4: shown until a choice is stored; Accept All starts analytics, Essential Only disables it. */
export function CookieBanner() {
  const [choice, setChoice] = useState<CookieConsent | null>(readConsent);
  if (choice) return null;
  const choose = (consent: CookieConsent) => {
    storeConsent(consent);
    if (consent === "all") startAnalytics();
    else disableAnalytics();
    setChoice(consent);
  };
  return (
    <Paper
      role="region"
      aria-label="Cookie consent"
      elevation={6}
      sx={{
        position: "fixed",
        bottom: { xs: 0, sm: 16 },
        left: { xs: 0, sm: 16 },
        right: { xs: 0, sm: "auto" },
        maxWidth: { sm: 520 },
        p: 2.5,
        borderRadius: { xs: 0, sm: 3 },
        zIndex: (t) => t.zIndex.snackbar - 1,
      }}
    >
      <Typography fontWeight={600} gutterBottom>
        Cookies on ChangeRadar
      </Typography>
      <Typography color="text.secondary">
        We use essential cookies to keep you signed in and secure. With your consent we also count visits with
        our own first-party analytics; we use no third-party trackers.{" "}
        <Link component={RouterLink} to="/privacy">
          Learn more
        </Link>
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ mt: 2 }}>
        <Box sx={{ flexGrow: 1, display: { xs: "none", sm: "block" } }} />
        <Button variant="outlined" onClick={() => choose("essential")}>
          Essential Only
        </Button>
        <Button variant="contained" onClick={() => choose("all")}>
          Accept All Cookies
        </Button>
      </Stack>
    </Paper>
  );
}
