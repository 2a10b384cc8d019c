import { plans } from "@changeradar/contracts";
import Add from "@mui/icons-material/Add";
import ErrorOutline from "@mui/icons-material/ErrorOutline";
import MonitorHeartOutlined from "@mui/icons-material/MonitorHeartOutlined";
import PublishedWithChanges from "@mui/icons-material/PublishedWithChanges";
import Update from "@mui/icons-material/Update";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { Link } from "react-router";
import { ScreenSection } from "../../components/shell/screen-section";
import { EmptyState, LoadError, LoadingRows } from "../../features/common/query-states";
import { FailingMonitors, LatestChanges, NextChecks, Panel } from "../../features/dashboard/dashboard-lists";
import { useDashboard } from "../../features/dashboard/dashboard-queries";
import { OnboardingChecklist } from "../../features/dashboard/onboarding-checklist";
import { StatCard } from "../../features/dashboard/stat-card";
import { useAuthStore } from "../../store/auth-store";

export default function DashboardPage() {
  const plan = useAuthStore((s) => s.auth.user!.planType);
  const dashboard = useDashboard();

  return (
    <ScreenSection title="Dashboard">
      {dashboard.isPending ? (
        <LoadingRows rows={3} height={100} label="Loading the dashboard" />
      ) : dashboard.isError ? (
        <LoadError error={dashboard.error} onRetry={() => dashboard.refetch()} what="the dashboard" />
      ) : (
        <OnboardingChecklist state={dashboard.data.onboarding} />
      )}
      {!dashboard.data ? null : !dashboard.data.onboarding.firstMonitor ? (
        <EmptyState
          icon={<MonitorHeartOutlined />}
          title="Start by watching a page"
          action={
            <Button variant="contained" startIcon={<Add />} component={Link} to="/auth/mymonitors/new">
              Add your first monitor
            </Button>
          }
        >
          Paste the address of a product, a job board, a competitor's pricing or any page. We check it for you
          and tell you what changed, with a clear diff.
        </EmptyState>
      ) : (
        <>
          <Box
            sx={{
              display: "grid",
              gap: 2,
              gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "repeat(4, 1fr)" },
              mb: 3,
            }}
          >
            <StatCard
              label="Monitors"
              icon={<MonitorHeartOutlined />}
              value={`${dashboard.data.monitors.used} / ${dashboard.data.monitors.limit}`}
              progress={(dashboard.data.monitors.used / Math.max(1, dashboard.data.monitors.limit)) * 100}
              hint={
                dashboard.data.monitors.paused > 0
                  ? `${dashboard.data.monitors.paused} paused · ${plans[plan].name} plan`
                  : `${plans[plan].name} plan`
              }
            />
            <StatCard
              label="Changes, last 24 hours"
              icon={<PublishedWithChanges />}
              value={dashboard.data.changes24h}
            />
            <StatCard label="Changes, last 7 days" icon={<Update />} value={dashboard.data.changes7d} />
            <StatCard
              label="Failing monitors"
              icon={<ErrorOutline />}
              value={dashboard.data.failing.length}
              tone={dashboard.data.failing.length > 0 ? "error" : "default"}
            />
          </Box>
          <Box
            sx={{
              display: "grid",
              gap: 2,
              gridTemplateColumns: { xs: "minmax(0,1fr)", lg: "minmax(0,2fr) minmax(0,1fr)" },
              alignItems: "start",
            }}
          >
            <Panel
              title="Latest changes"
              action={
                <Button size="small" component={Link} to="/auth/notifications">
                  All alerts
                </Button>
              }
            >
              <LatestChanges changes={dashboard.data.latestChanges} />
            </Panel>
            <Box sx={{ display: "grid", gap: 2 }}>
              <Panel title="Failing">
                <FailingMonitors failing={dashboard.data.failing} />
              </Panel>
              <Panel
                title="Next checks"
                action={
                  <Button size="small" component={Link} to="/auth/mymonitors?sort=nextCheckAt">
                    All monitors
                  </Button>
                }
              >
                <NextChecks checks={dashboard.data.nextChecks} />
              </Panel>
            </Box>
          </Box>
        </>
      )}
    </ScreenSection>
  );
}
