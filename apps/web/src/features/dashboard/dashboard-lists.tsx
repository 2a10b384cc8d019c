import type { Dashboard } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { formatItemTime } from "../../lib/dates";
import { ChangeKinds } from "../changes/change-kinds";

export function Panel({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-label={title}>
      <Box sx={{ display: "flex", alignItems: "center", mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

export function LatestChanges({ changes }: { changes: Dashboard["latestChanges"] }) {
  if (changes.length === 0)
    return (
      <Typography color="text.secondary">
        No changes detected yet. They show up here the moment a check finds one.
      </Typography>
    );
  return (
    <List disablePadding aria-label="Latest changes">
      {changes.map((change) => (
        <ListItem key={change.id} disablePadding divider>
          <ListItemButton
            component={RouterLink}
            to={`/auth/mymonitors/${change.monitorId}?change=${change.id}`}
            sx={{ px: 1, display: "block" }}
          >
            <Box sx={{ display: "flex", gap: 1, justifyContent: "space-between", flexWrap: "wrap" }}>
              <Typography sx={{ fontWeight: 600, fontSize: "0.9rem" }}>{change.monitorName}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatItemTime(change.detectedAt)}
              </Typography>
            </Box>
            <Typography sx={{ fontSize: "0.875rem", my: 0.5 }}>{change.summary}</Typography>
            <ChangeKinds kinds={change.kinds} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

export function FailingMonitors({ failing }: { failing: Dashboard["failing"] }) {
  if (failing.length === 0)
    return <Typography color="text.secondary">Every monitor checked fine last time.</Typography>;
  return (
    <List dense disablePadding aria-label="Failing monitors">
      {failing.map((monitor) => (
        <ListItem key={monitor.id} disableGutters>
          <ListItemText
            primary={
              <Link component={RouterLink} to={`/auth/mymonitors/${monitor.id}?tab=checks`}>
                {monitor.name}
              </Link>
            }
            secondary={monitor.lastError ?? "The last check failed"}
            slotProps={{ secondary: { color: "error.main" } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

export function NextChecks({ checks }: { checks: Dashboard["nextChecks"] }) {
  if (checks.length === 0)
    return (
      <Typography color="text.secondary">
        No checks scheduled: add a monitor or resume a paused one.
      </Typography>
    );
  return (
    <List dense disablePadding aria-label="Next checks">
      {checks.map((check) => (
        <ListItem
          key={check.id}
          disableGutters
          secondaryAction={<Typography variant="body2">{formatItemTime(check.nextCheckAt)}</Typography>}
        >
          <ListItemText
            primary={
              <Link component={RouterLink} to={`/auth/mymonitors/${check.id}`}>
                {check.name}
              </Link>
            }
            sx={{ pr: 12 }}
          />
        </ListItem>
      ))}
    </List>
  );
}
