import { frequencyLabels, type Monitor, monitorModeLabels, notCheckedOnPlan } from "@changeradar/contracts";
import OpenInNew from "@mui/icons-material/OpenInNew";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { formatItemTime } from "../../lib/dates";
import { useBlobImage } from "../changes/changes-queries";
import { MonitorFeedButton } from "../sharing/feed-button";
import { watchKindLabels } from "./labels";
import { MonitorActions } from "./monitor-actions";
import { MonitorStatusChip } from "./monitor-status-chip";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div" sx={{ fontSize: "0.9rem", wordBreak: "break-word" }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The last check failed at one of the monitor's browser steps ("Step 2 (click …) failed: …"). */
function stepFailed(monitor: Monitor): boolean {
  return monitor.browserSteps.length > 0 && /^Step \d+ \(/.test(monitor.lastError ?? "");
}

/** The page as it was when the browser step failed, so the user sees why. */
function StepFailureShot({ monitor }: { monitor: Monitor }) {
  const at = encodeURIComponent(monitor.lastCheckedAt ?? "");
  const image = useBlobImage(`/monitors/${monitor.id}/step-failure?at=${at}`);
  if (!image.src) return null;
  return (
    <Box
      component="img"
      src={image.src}
      alt="The page when the browser step failed"
      sx={{ display: "block", width: "100%", maxWidth: 560, mt: 1, border: 1, borderColor: "divider" }}
    />
  );
}

/** The plan in force no longer allows the browser steps or rendering the monitor was saved with. */
function refusedByPlan(monitor: Monitor): boolean {
  return (monitor.lastError ?? "").startsWith(notCheckedOnPlan);
}

/** The monitor's name, address, status, schedule and what it watches, with its actions. */
export function MonitorHeader({ monitor }: { monitor: Monitor }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Box sx={{ display: "flex", gap: 2, alignItems: "flex-start", flexWrap: "wrap" }}>
        <Box sx={{ flex: "1 1 320px", minWidth: 0 }}>
          <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
            <Typography variant="h4" component="h1" sx={{ wordBreak: "break-word" }} id="screen-title">
              {monitor.name || monitor.url}
            </Typography>
            <MonitorStatusChip monitorId={monitor.id} status={monitor.status} />
          </Box>
          <Link
            href={monitor.url}
            target="_blank"
            rel="noreferrer noopener"
            sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, wordBreak: "break-all", mt: 0.5 }}
          >
            {monitor.url}
            <OpenInNew sx={{ fontSize: 14 }} aria-label="(opens in a new tab)" />
          </Link>
        </Box>
        <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
          <MonitorFeedButton monitorId={monitor.id} />
          <MonitorActions monitor={monitor} afterDelete="/auth/mymonitors" />
        </Box>
      </Box>
      {monitor.parentId !== null && (
        <Alert severity="info" sx={{ mt: 2 }}>
          This page is watched as part of{" "}
          <Link component={RouterLink} to={`/auth/mymonitors/${monitor.parentId}?tab=pages`}>
            its site monitor
          </Link>
          , with that monitor's settings: change, pause or delete it there.
        </Alert>
      )}
      {monitor.lastError && refusedByPlan(monitor) && (
        <Alert
          severity="warning"
          sx={{ mt: 2 }}
          action={
            <Button component={RouterLink} to="/auth/settings#plan" color="inherit" size="small">
              See plans
            </Button>
          }
        >
          {monitor.lastError}
        </Alert>
      )}
      {(monitor.status === "failing" || stepFailed(monitor)) &&
        monitor.lastError &&
        !refusedByPlan(monitor) && (
          <Alert severity="error" sx={{ mt: 2 }}>
            The last {monitor.consecutiveFailures > 1 ? `${monitor.consecutiveFailures} checks` : "check"}{" "}
            failed: {monitor.lastError}
            {stepFailed(monitor) && <StepFailureShot monitor={monitor} />}
          </Alert>
        )}
      <Box
        sx={{
          display: "grid",
          gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(5, auto)" },
          gap: 2,
          mt: 2,
          justifyContent: "start",
          columnGap: { md: 5 },
        }}
      >
        <Fact label="Last check">{formatItemTime(monitor.lastCheckedAt)}</Fact>
        <Fact label="Next check">{monitor.paused ? "Paused" : formatItemTime(monitor.nextCheckAt)}</Fact>
        <Fact label="Frequency">{frequencyLabels[monitor.frequency]}</Fact>
        {monitor.mode === "page" ? (
          <>
            <Fact label="Watching">{monitor.watch.map((k) => watchKindLabels[k]).join(", ")}</Fact>
            <Fact label="Element">{monitor.selector ? <code>{monitor.selector}</code> : "Whole page"}</Fact>
          </>
        ) : (
          <>
            <Fact label="Watching">
              {monitorModeLabels[monitor.mode]}: pages added and removed
              {monitor.watchPages &&
                `, and each page's content (${monitor.watch.map((k) => watchKindLabels[k]).join(", ")})`}
            </Fact>
            <Fact label="Pages at most">
              {monitor.maxPages}
              {monitor.crawlDepth !== null && `, ${monitor.crawlDepth} links deep`}
            </Fact>
          </>
        )}
      </Box>
    </Paper>
  );
}
