import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { Suspense } from "react";
import { Outlet, Link as RouterLink } from "react-router";
import { HomeLogoLink } from "../../components/brand/logo";
import { PageLoader } from "../../components/page-loader";
import { WithQueries } from "../../queries/query-client";

/** Spec §2: public pages have a clickable header logo going to / and a centred narrow content area. */
export default function PublicLayout() {
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <AppBar position="static" color="transparent" elevation={0}>
        <Toolbar>
          <HomeLogoLink />
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="md" sx={{ flexGrow: 1, py: { xs: 3, sm: 5 } }}>
        <WithQueries>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </WithQueries>
      </Container>
      <Box component="footer" sx={{ py: 3, textAlign: "center" }}>
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} ChangeRadar ·{" "}
          <Link component={RouterLink} to="/terms" color="inherit">
            Terms
          </Link>{" "}
          ·{" "}
          <Link component={RouterLink} to="/privacy" color="inherit">
            Privacy
          </Link>{" "}
          ·{" "}
          <Link component={RouterLink} to="/faq" color="inherit">
            Help Center
          </Link>{" "}
          ·{" "}
          <Link component={RouterLink} to="/blog" color="inherit">
            Blog
          </Link>
        </Typography>
      </Box>
    </Box>
  );
}
