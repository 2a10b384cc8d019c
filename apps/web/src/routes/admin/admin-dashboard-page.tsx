import type { AdminDashboard } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { lazy, type ReactNode, Suspense } from "react";
import { Link as RouterLink } from "react-router";
import { ScreenSection } from "../../components/shell/screen-section";
import { useAdminDashboard, useAuditLog } from "../../features/admin/admin-queries";
import { AuditList } from "../../features/admin/audit-list";
import { LoadError, LoadingRows } from "../../features/common/query-states";

const DashboardCharts = lazy(() => import("../../features/admin/dashboard-charts"));

function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Paper variant="outlined" role="group" aria-label={label} sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-figure={label}>
        {value}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Paper>
  );
}

const usd = (n: number) => `$${n.toLocaleString("en-US")}`;
const percent = (n: number) => `${(n * 100).toFixed(1)}%`;

function Figures({ data }: { data: AdminDashboard }) {
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, 1fr)" } }}>
      <Figure label="Users" value={data.users.total} hint={`${data.users.disabled} disabled`} />
      <Figure label="Active monitors" value={data.monitors.active} hint={`${data.monitors.paused} paused`} />
      <Figure
        label="Checks per minute"
        value={data.checks.perMinute}
        hint={`${data.checks.lastHour} in the last hour`}
      />
      <Figure
        label="Failure rate (24 h)"
        value={percent(data.checks.failureRate)}
        hint={`${data.checks.failed24h} of ${data.checks.last24h} checks`}
      />
      <Figure
        label="Scheduler lag"
        value={`${data.schedulerLagSeconds} s`}
        hint={`${data.overdueMonitors} monitors due`}
      />
      <Figure label="Outbox depth" value={data.outbox.pending} hint={`${data.outbox.dead} dead deliveries`} />
      <Figure
        label="Visitors today"
        value={data.visitors.today}
        hint={`${data.visitors.last30d} in 30 days`}
      />
      <Figure
        label="Recurring revenue"
        value={`${usd(data.revenue.monthlyUsd)}/mo`}
        hint={`monthly-equivalent, ${data.revenue.payingCustomers} paying`}
      />
    </Box>
  );
}

function UsersByPlan({ data }: { data: AdminDashboard }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, overflowX: "auto" }} component="section" aria-labelledby="by-plan">
      <Typography variant="h6" component="h2" id="by-plan" sx={{ mb: 1 }}>
        Users by plan and status
      </Typography>
      <Table size="small" aria-labelledby="by-plan">
        <TableHead>
          <TableRow>
            <TableCell>Plan</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Users</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.users.byPlan.map((row) => (
            <TableRow key={`${row.planType}-${row.planStatus}`}>
              <TableCell>{row.planType}</TableCell>
              <TableCell>{row.planStatus.replace("_", " ")}</TableCell>
              <TableCell align="right">{row.count}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

function RecentActions() {
  const audit = useAuditLog({ page: 1, pageSize: 5 });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="recent-actions">
      <Box sx={{ display: "flex", alignItems: "center", mb: 1 }}>
        <Typography variant="h6" component="h2" id="recent-actions" sx={{ flexGrow: 1 }}>
          Recent admin actions
        </Typography>
        <Button component={RouterLink} to="/admin/audit-log" size="small">
          Full audit log
        </Button>
      </Box>
      {audit.isPending ? (
        <LoadingRows rows={3} height={40} label="Loading the audit log" />
      ) : audit.isError ? (
        <LoadError error={audit.error} onRetry={() => audit.refetch()} what="the audit log" />
      ) : (
        <AuditList entries={audit.data.items} />
      )}
    </Paper>
  );
}

/** Operators' overview: users, monitors, checks, queues, visitors and revenue, with 30-day charts. */
export default function AdminDashboardPage() {
  const dashboard = useAdminDashboard();
  return (
    <ScreenSection title="Admin Dashboard">
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mb: 3 }}>
        <Button component={RouterLink} to="/admin/list-blog" variant="outlined">
          Blog posts
        </Button>
        <Button component={RouterLink} to="/admin/create-blog" variant="outlined">
          Write a post
        </Button>
        <Button component={RouterLink} to="/admin/audit-log" variant="outlined">
          Audit log
        </Button>
      </Box>
      {dashboard.isPending ? (
        <LoadingRows rows={4} height={88} label="Loading the figures" />
      ) : dashboard.isError ? (
        <LoadError error={dashboard.error} onRetry={() => dashboard.refetch()} what="the figures" />
      ) : (
        <Box sx={{ display: "grid", gap: 3 }}>
          <Figures data={dashboard.data} />
          <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
            <DashboardCharts series={dashboard.data.series} />
          </Suspense>
          <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "1fr 2fr" } }}>
            <UsersByPlan data={dashboard.data} />
            <RecentActions />
          </Box>
        </Box>
      )}
    </ScreenSection>
  );
}
