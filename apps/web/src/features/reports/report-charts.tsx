import type { Report } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { watchKindLabels } from "../monitors/labels";

const palette = ["#0369a1", "#3d7a5a", "#a66a12", "#b4443f", "#6b4fa0", "#1e293b"];

function ChartPanel({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, m: 0, minWidth: 0 }} component="figure" aria-label={title}>
      <Typography variant="h6" component="figcaption" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ width: "100%", height: 260 }} role="img" aria-label={summary}>
        <ResponsiveContainer>{children as never}</ResponsiveContainer>
      </Box>
    </Paper>
  );
}

const shortDay = (day: string) => day.slice(5);

/** Every chart of the report; recharts loads with this module only. */
export default function ReportCharts({ report }: { report: Report }) {
  const totals = report.days.reduce(
    (t, d) => ({ checks: t.checks + d.checks, changes: t.changes + d.changes }),
    { checks: 0, changes: 0 },
  );
  const kinds = Object.entries(report.byKind).map(([kind, count]) => ({
    kind: watchKindLabels[kind as keyof typeof watchKindLabels] ?? kind,
    count,
  }));
  const byMonitor = report.byMonitor
    .slice(0, 10)
    .map((m) => ({ ...m, name: m.name.length > 24 ? `${m.name.slice(0, 23)}…` : m.name }));
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "minmax(0,1fr)", lg: "minmax(0,1fr) minmax(0,1fr)" },
      }}
    >
      <ChartPanel
        title="Changes and checks over time"
        summary={`${totals.changes} changes in ${totals.checks} checks over ${report.days.length} days`}
      >
        <LineChart data={report.days} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="day" tickFormatter={shortDay} fontSize={12} />
          <YAxis yAxisId="checks" fontSize={12} allowDecimals={false} />
          <YAxis yAxisId="changes" orientation="right" fontSize={12} allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Line
            yAxisId="checks"
            dataKey="checks"
            name="Checks"
            stroke="#94a3b8"
            dot={false}
            isAnimationActive={false}
          />
          <Line
            yAxisId="changes"
            dataKey="changes"
            name="Changes"
            stroke="#0369a1"
            strokeWidth={2}
            isAnimationActive={false}
          />
          <Line
            yAxisId="checks"
            dataKey="errors"
            name="Errors"
            stroke="#b4443f"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ChartPanel>
      <ChartPanel
        title="Changes by kind"
        summary={kinds.map((k) => `${k.kind}: ${k.count}`).join(", ") || "No changes"}
      >
        <BarChart data={kinds} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="kind" fontSize={12} />
          <YAxis fontSize={12} allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="count" name="Changes" fill="#0369a1" isAnimationActive={false} />
        </BarChart>
      </ChartPanel>
      <ChartPanel
        title="By monitor"
        summary={
          byMonitor.map((m) => `${m.name}: ${m.changes} changes, ${m.errors} errors`).join("; ") ||
          "No monitors"
        }
      >
        <BarChart data={byMonitor} layout="vertical" margin={{ top: 8, right: 16, left: 8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis type="number" fontSize={12} allowDecimals={false} />
          <YAxis type="category" dataKey="name" width={120} fontSize={12} />
          <Tooltip />
          <Legend />
          <Bar dataKey="changes" name="Changes" fill="#0369a1" isAnimationActive={false} />
          <Bar dataKey="errors" name="Errors" fill="#b4443f" isAnimationActive={false} />
        </BarChart>
      </ChartPanel>
      {report.prices.length > 0 && (
        <ChartPanel
          title="Price trends"
          summary={report.prices
            .map((p) => `${p.name}: ${p.points.at(-1)?.amount ?? "no"} ${p.currency ?? ""}`)
            .join("; ")}
        >
          <LineChart margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis
              dataKey="at"
              type="number"
              scale="time"
              domain={["dataMin", "dataMax"]}
              tickFormatter={(v: number) => new Date(v).toISOString().slice(5, 10)}
              fontSize={12}
            />
            <YAxis fontSize={12} domain={["auto", "auto"]} />
            <Tooltip
              labelFormatter={(v) => new Date(Number(v)).toISOString().slice(0, 16).replace("T", " ")}
            />
            <Legend />
            {report.prices.map((series, i) => (
              <Line
                key={series.monitorId}
                data={series.points.map((p) => ({ at: new Date(p.at).getTime(), amount: p.amount }))}
                dataKey="amount"
                name={`${series.name}${series.currency ? ` (${series.currency})` : ""}`}
                stroke={palette[i % palette.length]}
                type="stepAfter"
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ChartPanel>
      )}
    </Box>
  );
}
