import type { MonitorStatus } from "@changeradar/contracts";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutline";
import ErrorOutline from "@mui/icons-material/ErrorOutline";
import PauseCircleOutline from "@mui/icons-material/PauseCircleOutline";
import PublishedWithChanges from "@mui/icons-material/PublishedWithChanges";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import { useLiveCheck } from "../live/live-events";
import { statusLabels } from "./labels";

const colors = { ok: "success", changed: "info", failing: "error", paused: "default" } as const;
const icons = {
  ok: <CheckCircleOutline />,
  changed: <PublishedWithChanges />,
  failing: <ErrorOutline />,
  paused: <PauseCircleOutline />,
};

/** The monitor's status; while a check runs (pushed live over SSE) it reads "Checking…". */
export function MonitorStatusChip({ monitorId, status }: { monitorId: string; status: MonitorStatus }) {
  const live = useLiveCheck(monitorId);
  if (live?.status === "started" && status !== "paused") {
    return (
      <Chip
        size="small"
        variant="outlined"
        icon={<CircularProgress size={14} aria-hidden />}
        label="Checking…"
        aria-live="polite"
      />
    );
  }
  return (
    <Chip
      size="small"
      color={colors[status]}
      variant={status === "paused" ? "outlined" : "filled"}
      icon={icons[status]}
      label={statusLabels[status]}
    />
  );
}
