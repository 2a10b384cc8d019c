import type { AdminDashboard } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

type Series = AdminDashboard["series"];
const shortDay = (day: string) => day.slice(5);

function Chart({
  title,
  data,
  kind,
  color,
}: {
  title: string;
  data: Array<{ day: string; count: number }>;
  kind: "bar" | "line";
  color: string;
}) {
  const total = data.reduce((s, d) => s + d.count, 0);
  return (
    <Paper variant="outlined" component="figure" aria-label={title} sx={{ p: 2, m: 0, minWidth: 0 }}>
      <Typography variant="h6" component="figcaption" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box
        sx={{ width: "100%", height: 220 }}
        role="img"
        aria-label={`${title}: ${total} over the last 30 days`}
      >
        <ResponsiveContainer>
          {kind === "bar" ? (
            <BarChart data={data}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="day" tickFormatter={shortDay} fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} width={40} />
              <Tooltip />
              <Bar dataKey="count" name={title} fill={color} />
            </BarChart>
          ) : (
            <LineChart data={data}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="day" tickFormatter={shortDay} fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} width={40} />
              <Tooltip />
              <Line dataKey="count" name={title} stroke={color} dot={false} strokeWidth={2} />
            </LineChart>
          )}
        </ResponsiveContainer>
      </Box>
    </Paper>
  );
}

/** The dashboard's 30-day charts; recharts loads with this module only. */
export default function DashboardCharts({ series }: { series: Series }) {
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
      <Chart title="Sign-ups per day" data={series.signups} kind="bar" color="#0369a1" />
      <Chart title="Checks per day" data={series.checks} kind="line" color="#1e293b" />
      <Chart title="Failed checks per day" data={series.failedChecks} kind="line" color="#b4443f" />
      <Chart title="Visitors per day" data={series.visitors} kind="bar" color="#3d7a5a" />
    </Box>
  );
}
