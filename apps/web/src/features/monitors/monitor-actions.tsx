import type { Monitor } from "@changeradar/contracts";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import EditOutlined from "@mui/icons-material/EditOutlined";
import PauseOutlined from "@mui/icons-material/PauseOutlined";
import PlayArrowOutlined from "@mui/icons-material/PlayArrowOutlined";
import Refresh from "@mui/icons-material/Refresh";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { describeError } from "../../api/errors";
import { useLiveCheck } from "../live/live-events";
import { useMonitorMutations } from "./monitors-queries";

/** Pause/resume, check now, edit and delete (with confirmation) for one monitor (a site's page: check now). */
export function MonitorActions({ monitor, afterDelete }: { monitor: Monitor; afterDelete?: string }) {
  const { pause, resume, checkNow, remove } = useMonitorMutations();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const live = useLiveCheck(monitor.id);
  const checking = checkNow.isPending || live?.status === "started";
  const fail = (error: unknown) => enqueueSnackbar(describeError(error).message, { variant: "error" });
  const name = monitor.name || monitor.url;

  const toggle = () =>
    (monitor.paused ? resume : pause).mutate(monitor.id, {
      onSuccess: () =>
        enqueueSnackbar(monitor.paused ? `Resumed ${name}` : `Paused ${name}`, { variant: "success" }),
      onError: fail,
    });
  const check = () =>
    checkNow.mutate(monitor.id, {
      onSuccess: () => enqueueSnackbar(`Checking ${name} now`, { variant: "info" }),
      onError: fail,
    });
  const confirmDelete = () =>
    remove.mutate(monitor.id, {
      onSuccess: () => {
        setConfirming(false);
        enqueueSnackbar(`Deleted ${name}`, { variant: "success" });
        if (afterDelete) navigate(afterDelete);
      },
      onError: fail,
    });

  return (
    <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
      <Tooltip title={monitor.paused ? "Resume the paused monitor first" : "Check now"}>
        <span>
          <IconButton aria-label={`Check ${name} now`} onClick={check} disabled={monitor.paused || checking}>
            <Refresh />
          </IconButton>
        </span>
      </Tooltip>
      {/* A page a site monitor watches is paused, edited and deleted through its site monitor. */}
      {monitor.parentId === null && (
        <>
          <Tooltip title={monitor.paused ? "Resume" : "Pause"}>
            <IconButton
              aria-label={monitor.paused ? `Resume ${name}` : `Pause ${name}`}
              onClick={toggle}
              disabled={pause.isPending || resume.isPending}
            >
              {monitor.paused ? <PlayArrowOutlined /> : <PauseOutlined />}
            </IconButton>
          </Tooltip>
          <Tooltip title="Edit">
            <IconButton
              aria-label={`Edit ${name}`}
              component={Link}
              to={`/auth/mymonitors/${monitor.id}/edit`}
            >
              <EditOutlined />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton aria-label={`Delete ${name}`} onClick={() => setConfirming(true)}>
              <DeleteOutline />
            </IconButton>
          </Tooltip>
        </>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`delete-${monitor.id}`}>
        <DialogTitle id={`delete-${monitor.id}`}>Delete this monitor?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {name} and its whole change history will be deleted. This cannot be undone; pausing keeps the
            history instead.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={confirmDelete} disabled={remove.isPending}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
