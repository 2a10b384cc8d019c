import Download from "@mui/icons-material/Download";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import { describeError } from "../../api/errors";
import { ScreenSection } from "../../components/shell/screen-section";
import { EmptyState, LoadError, LoadingRows } from "../../features/common/query-states";
import { useMonitorList } from "../../features/monitors/monitors-queries";
import {
  periodFromParams,
  periodToParams,
  presetPeriod,
  presets,
} from "../../features/reports/report-period";
import { downloadReportCsv, type ReportPeriod, useReport } from "../../features/reports/reports-queries";

const ReportCharts = lazy(() => import("../../features/reports/report-charts"));

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: "1.6rem", fontWeight: 600 }}>{value}</Typography>
    </Paper>
  );
}

export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const period = periodFromParams(params);
  const report = useReport(period);
  const monitors = useMonitorList({ pageSize: 100 });
  const { enqueueSnackbar } = useSnackbar();
  const [exporting, setExporting] = useState(false);
  const update = (change: Partial<ReportPeriod>) =>
    setParams(periodToParams({ ...period, ...change }), { replace: true });
  const preset = presets.find((p) => {
    const expected = presetPeriod(p.days);
    return expected.from === period.from && expected.to === period.to;
  });
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadReportCsv(period);
    } catch (error) {
      enqueueSnackbar(describeError(error).message, { variant: "error" });
    } finally {
      setExporting(false);
    }
  };
  const totals = report.data?.days.reduce(
    (t, d) => ({ checks: t.checks + d.checks, changes: t.changes + d.changes, errors: t.errors + d.errors }),
    { checks: 0, changes: 0, errors: 0 },
  );

  return (
    <ScreenSection title="Reports & Analytics">
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center", mb: 3 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={preset?.days ?? null}
          onChange={(_, days: number | null) => days && update(presetPeriod(days))}
          aria-label="Period"
        >
          {presets.map((p) => (
            <ToggleButton key={p.days} value={p.days}>
              {p.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          size="small"
          fullWidth={false}
          type="date"
          label="From"
          value={period.from}
          onChange={(e) => e.target.value && update({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: period.to } }}
        />
        <TextField
          size="small"
          fullWidth={false}
          type="date"
          label="To"
          value={period.to}
          onChange={(e) => e.target.value && update({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: period.from } }}
        />
        <TextField
          select
          size="small"
          fullWidth={false}
          label="Monitor"
          value={period.monitorId ?? ""}
          onChange={(e) => update({ monitorId: e.target.value || undefined })}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All monitors</MenuItem>
          {monitors.data?.items.map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.name || m.url}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" startIcon={<Download />} onClick={exportCsv} disabled={exporting}>
          Export CSV
        </Button>
      </Box>
      {report.isPending ? (
        <LoadingRows rows={3} height={120} label="Loading the report" />
      ) : report.isError ? (
        <LoadError error={report.error} onRetry={() => report.refetch()} what="the report" />
      ) : totals && totals.checks === 0 ? (
        <EmptyState title="Nothing to report for this period">
          Reports fill in as your monitors are checked. Try a longer period.
        </EmptyState>
      ) : (
        <Box sx={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
          <Box
            sx={{
              display: "grid",
              gap: 2,
              gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, 1fr)" },
              mb: 2,
            }}
          >
            <Figure label="Checks" value={String(totals?.checks ?? 0)} />
            <Figure label="Changes" value={String(totals?.changes ?? 0)} />
            <Figure label="Errors" value={String(totals?.errors ?? 0)} />
            <Figure label="Error rate" value={`${(report.data.errorRate * 100).toFixed(1)}%`} />
          </Box>
          <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
            <ReportCharts report={report.data} />
          </Suspense>
        </Box>
      )}
    </ScreenSection>
  );
}
