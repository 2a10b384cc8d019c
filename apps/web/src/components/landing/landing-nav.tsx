import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Toolbar from "@mui/material/Toolbar";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { HomeLogoLink } from "../brand/logo";
import { sectionLinks } from "./section-links";

const MobileMenu = lazy(() => import("./mobile-menu"));

/** Spec §2: the landing top bar; its links scroll smoothly to their sections. */
export function LandingNav() {
  const [open, setOpen] = useState(false);
  // The drawer is fetched on first use and then kept, so closing it still animates.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const close = () => setOpen(false);
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{
        bgcolor: "rgba(248,250,252,0.9)",
        backdropFilter: "blur(8px)",
        borderBottom: 1,
        borderColor: "divider",
      }}
    >
      <Toolbar sx={{ gap: 2, maxWidth: 1266, width: "100%", mx: "auto" }}>
        <HomeLogoLink />
        <Box
          component="nav"
          aria-label="Sections"
          sx={{ display: { xs: "none", md: "flex" }, gap: 0.5, ml: 3 }}
        >
          {sectionLinks.map((link) => (
            <Button key={link.id} href={`#${link.id}`} color="inherit">
              {link.label}
            </Button>
          ))}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={1} sx={{ display: { xs: "none", md: "flex" } }}>
          <Button component={Link} to="/login" color="inherit">
            Sign In
          </Button>
          <Button component={Link} to="/register" variant="contained">
            Start Free
          </Button>
        </Stack>
        <IconButton
          aria-label="Open menu"
          onClick={() => {
            setMenuLoaded(true);
            setOpen(true);
          }}
          sx={{ display: { md: "none" } }}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu open={open} onClose={close} />
        </Suspense>
      )}
    </AppBar>
  );
}
