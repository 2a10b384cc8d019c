import LogoutOutlined from "@mui/icons-material/LogoutOutlined";
import Badge from "@mui/material/Badge";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Tooltip from "@mui/material/Tooltip";
import { Link, useLocation } from "react-router";
import { isActiveEntry, type MenuCounts, type MenuEntry } from "./menus";

interface SideMenuProps {
  entries: MenuEntry[];
  counts?: MenuCounts;
  homePath: string;
  expanded: boolean;
  logoutLabel: string;
  onSelect: () => void;
  onLogout: () => void;
}

export function SideMenu({
  entries,
  counts = {},
  homePath,
  expanded,
  logoutLabel,
  onSelect,
  onLogout,
}: SideMenuProps) {
  const { pathname } = useLocation();
  const item = (label: string, icon: React.ReactNode, props: object, selected = false, unread = 0) => (
    <Tooltip key={label} title={expanded ? "" : label} placement="right">
      <ListItemButton
        selected={selected}
        aria-label={unread > 0 ? `${label}, ${unread} unread` : expanded ? undefined : label}
        sx={{
          minHeight: 48,
          px: expanded ? 2 : 0,
          justifyContent: expanded ? "initial" : "center",
          borderRadius: 1,
          mx: 0.5,
        }}
        {...props}
      >
        <ListItemIcon sx={{ minWidth: 0, mr: expanded ? 2 : 0, justifyContent: "center", color: "inherit" }}>
          {unread > 0 ? (
            <Badge badgeContent={unread} max={99} color="error">
              {icon}
            </Badge>
          ) : (
            icon
          )}
        </ListItemIcon>
        {expanded && (
          <ListItemText
            primary={label}
            slotProps={{ primary: { sx: { fontSize: "0.9rem", lineHeight: 1.25 } } }}
          />
        )}
      </ListItemButton>
    </Tooltip>
  );
  return (
    <nav aria-label="Main menu">
      <List component="div" sx={{ pt: 1 }}>
        {entries.map((entry) =>
          item(
            entry.label,
            entry.icon,
            { component: Link, to: entry.to, onClick: onSelect },
            isActiveEntry(entry, pathname, homePath),
            counts[entry.to],
          ),
        )}
        {item(logoutLabel, <LogoutOutlined />, { onClick: onLogout })}
      </List>
    </nav>
  );
}
