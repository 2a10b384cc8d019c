import type { AuthUser } from "@changeradar/contracts";
import LogoutOutlined from "@mui/icons-material/LogoutOutlined";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link } from "react-router";

/** Spec §2: first and last name, or the part of the email before the @ when no name is known. */
export function displayName(user: Pick<AuthUser, "firstName" | "lastName" | "email">): string {
  const name = `${user.firstName ?? ""} ${user.lastName ?? ""}`.trim();
  return name || user.email.split("@")[0]!;
}

interface ProfileMenuProps {
  user: AuthUser;
  onLogout: () => void;
}

const links = [
  { label: "Account Settings", to: "/auth/settings" },
  { label: "Feedback", to: "/auth/feedback" },
  { label: "Support", to: "/auth/support" },
];

export function ProfileMenu({ user, onLogout }: ProfileMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = displayName(user);
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title="Profile">
        <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label="Open profile menu" size="small">
          <Avatar sx={{ width: 36, height: 36, bgcolor: "primary.light", fontSize: "1rem" }}>
            {name.charAt(0).toUpperCase()}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        // The first child is the name header, not an item: focus the list, so the arrow keys reach the items.
        disableAutoFocusItem
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.5, display: "flex", alignItems: "center", gap: 1 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" fontWeight={600} noWrap>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {user.email}
            </Typography>
          </Box>
          <Tooltip title="Log out">
            <IconButton aria-label="Log out" onClick={onLogout} size="small">
              <LogoutOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
        <Divider />
        {links.map((link) => (
          <MenuItem key={link.to} component={Link} to={link.to} onClick={close} disabled={user.isAdmin}>
            {link.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
