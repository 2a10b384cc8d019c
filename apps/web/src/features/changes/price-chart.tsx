import Box from "@mui/material/Box";
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDate } from "../../lib/dates";

export interface PriceSeries {
  points: { at: string; amount: number }[];
  currency: string | null;
}

/** Price over time (recharts, loaded with this module only where a chart is shown). */
export default function PriceChart({ points, currency }: PriceSeries) {
  const data = points.map((p) => ({ at: new Date(p.at).getTime(), amount: p.amount }));
  const money = (value: number) => `${currency ?? ""} ${value.toFixed(2)}`.trim();
  return (
    <Box
      sx={{ width: "100%", height: 260 }}
      role="img"
      aria-label={`Price history: ${points.length} points, latest ${money(points.at(-1)?.amount ?? 0)}`}
    >
      <ResponsiveContainer>
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis
            dataKey="at"
            type="number"
            scale="time"
            domain={["dataMin", "dataMax"]}
            tickFormatter={(v: number) => formatDate(v).slice(0, 6)}
            fontSize={12}
          />
          <YAxis fontSize={12} width={64} tickFormatter={(v: number) => money(v)} domain={["auto", "auto"]} />
          <Tooltip
            labelFormatter={(v) => formatDate(Number(v))}
            formatter={(v) => [money(Number(v)), "Price"]}
          />
          <Line
            type="stepAfter"
            dataKey="amount"
            stroke="#0369a1"
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
}
