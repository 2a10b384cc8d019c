import type { AuthUser } from "@changeradar/contracts";
import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import { useTheme } from "@mui/material/styles";
import Toolbar from "@mui/material/Toolbar";
import useMediaQuery from "@mui/material/useMediaQuery";
import { Suspense, useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { signOut } from "../../lib/session";
import { drawerWidth, temporaryDrawerWidth } from "../../theme/theme";
import { HomeLogoLink } from "../brand/logo";
import { PageLoader } from "../page-loader";
import type { MenuCounts, MenuEntry } from "./menus";
import { PaymentNotice } from "./payment-notice";
import { ProfileMenu } from "./profile-menu";
import { SideMenu } from "./side-menu";

interface AppShellProps {
  user: AuthUser;
  menu: MenuEntry[];
  /** Unread counts on menu entries, keyed by path (the Notification Center's unread alerts). */
  counts?: MenuCounts;
  homePath: string;
  logoutLabel: string;
}

/** Spec §2 shell: top bar with profile menu, a drawer (permanent from md up, temporary below), the outlet. */
export function AppShell({ user, menu, counts, homePath, logoutLabel }: AppShellProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up("md"));
  const [expanded, setExpanded] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const logOut = async (to: string) => {
    await signOut();
    navigate(to, { replace: true, state: { from: pathname } });
  };
  const permanentWidth = expanded ? temporaryDrawerWidth : drawerWidth;
  const menuProps = { entries: menu, counts, homePath, logoutLabel, onLogout: () => logOut("/") };

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: "divider", zIndex: (t) => t.zIndex.drawer + 1 }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            aria-label={wide ? "Collapse or expand the menu" : "Open menu"}
            onClick={() => (wide ? setExpanded((e) => !e) : setMobileOpen(true))}
          >
            <MenuIcon />
          </IconButton>
          <HomeLogoLink to={homePath} />
          <Box sx={{ flexGrow: 1 }} />
          <ProfileMenu user={user} onLogout={() => logOut("/login")} />
        </Toolbar>
      </AppBar>
      {wide ? (
        <Drawer
          variant="permanent"
          sx={{
            width: permanentWidth,
            flexShrink: 0,
            "& .MuiDrawer-paper": { width: permanentWidth, overflowX: "hidden", transition: "width 200ms" },
          }}
        >
          <Toolbar />
          <SideMenu {...menuProps} expanded={expanded} onSelect={() => {}} />
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: true }}
          sx={{ "& .MuiDrawer-paper": { width: temporaryDrawerWidth } }}
        >
          <Toolbar />
          <SideMenu {...menuProps} expanded onSelect={() => setMobileOpen(false)} />
        </Drawer>
      )}
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
        <Toolbar />
        <PaymentNotice />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
