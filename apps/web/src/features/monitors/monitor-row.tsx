import { frequencyLabels, type Monitor } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { formatItemTime } from "../../lib/dates";
import { MonitorActions } from "./monitor-actions";
import { MonitorStatusChip } from "./monitor-status-chip";

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="body2" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div" sx={{ fontSize: "0.875rem" }}>
        {value}
      </Typography>
    </Box>
  );
}

function headline(monitor: Monitor): string | null {
  const price = monitor.latest?.price;
  if (price) return `${price.currency ?? ""} ${price.amount.toFixed(2)}`.trim();
  return null;
}

/** One monitor in the list: name and URL, status, dates per spec §9, and its actions. */
export function MonitorRow({ monitor }: { monitor: Monitor }) {
  const price = headline(monitor);
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{
        listStyle: "none",
        p: 2,
        display: "flex",
        flexWrap: "wrap",
        alignItems: "center",
        gap: { xs: 1.5, md: 3 },
      }}
    >
      <Box sx={{ flex: "1 1 260px", minWidth: 0 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Link
            component={RouterLink}
            to={`/auth/mymonitors/${monitor.id}`}
            variant="subtitle1"
            fontWeight={600}
            underline="hover"
            sx={{ wordBreak: "break-word" }}
          >
            {monitor.name || monitor.url}
          </Link>
          <MonitorStatusChip monitorId={monitor.id} status={monitor.status} />
        </Box>
        <Typography variant="body2" color="text.secondary" noWrap title={monitor.url}>
          {monitor.url}
        </Typography>
        {monitor.status === "failing" && monitor.lastError && (
          <Typography variant="body2" color="error.main" sx={{ mt: 0.5 }}>
            {monitor.lastError}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: "flex", gap: { xs: 2, md: 3 }, flexWrap: "wrap" }}>
        <Fact label="Last check" value={formatItemTime(monitor.lastCheckedAt)} />
        <Fact label="Next check" value={monitor.paused ? "Paused" : formatItemTime(monitor.nextCheckAt)} />
        <Fact label="Last change" value={formatItemTime(monitor.lastChangeAt)} />
        <Fact label={price ? "Price" : "Frequency"} value={price ?? frequencyLabels[monitor.frequency]} />
      </Box>
      <MonitorActions monitor={monitor} />
    </Paper>
  );
}
