import type { PricePoint } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import dayjs from "dayjs";
import { useId, useState } from "react";
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDate } from "../../lib/dates";
import { PriceStats } from "./price-stats";
import { currencyName, formatAmount, summarisePrices } from "./price-summary";
import { PriceTable } from "./price-table";

/** An x-axis tick on two lines: the day, then the time (to the second when the history spans minutes). */
function TimeTick({
  x,
  y,
  payload,
  seconds,
}: {
  x?: number;
  y?: number;
  payload?: { value: number };
  seconds: boolean;
}) {
  if (x === undefined || y === undefined || !payload) return null;
  const moment = dayjs(payload.value);
  return (
    <text x={x} y={y + 12} textAnchor="middle" fontSize={12} fill="#475569">
      <tspan x={x}>{moment.format("DD MMM")}</tspan>
      <tspan x={x} dy={14}>
        {moment.format(seconds ? "HH:mm:ss" : "HH:mm")}
      </tspan>
    </text>
  );
}

/**
 * Price over time (recharts, loaded with this module only where a chart is shown): current, lowest and
 * highest above it, the currency named once, a time axis with dates and times, the value and moment on
 * hover or arrow keys, and the same points as a table on request.
 */
export default function PriceChart({ history }: { history: readonly PricePoint[] }) {
  const summary = summarisePrices(history);
  const [table, setTable] = useState(false);
  const tableId = useId();
  if (!summary) return null;
  const currency = currencyName(summary.currency);
  const span = summary.points.at(-1)!.at - summary.points[0]!.at;
  // A single point (or one moment) still gets an axis an hour wide around it.
  const domain =
    span > 0
      ? ["dataMin", "dataMax"]
      : [summary.points[0]!.at - 1_800_000, summary.points[0]!.at + 1_800_000];
  return (
    <Box>
      <PriceStats summary={summary} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1 }}>
        {currency ? `Prices in ${currency}` : "The page names no currency"}
        {summary.otherCurrency > 0 &&
          ` · ${summary.otherCurrency} earlier ${summary.otherCurrency === 1 ? "price" : "prices"} in another currency not shown`}
      </Typography>
      <Box
        sx={{ width: "100%", height: 280 }}
        role="img"
        aria-label={`Price history, ${summary.points.length} ${summary.points.length === 1 ? "point" : "points"} from ${formatDate(summary.points[0]!.at)} to ${formatDate(summary.current.at)}: now ${formatAmount(summary.current.amount)}, lowest ${formatAmount(summary.lowest.amount)}, highest ${formatAmount(summary.highest.amount)}`}
      >
        <ResponsiveContainer>
          <LineChart data={summary.points} margin={{ top: 8, right: 24, bottom: 16, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis
              dataKey="at"
              type="number"
              scale="time"
              domain={domain}
              tick={<TimeTick seconds={span < 2 * 3_600_000} />}
              height={40}
              minTickGap={24}
            />
            <YAxis fontSize={12} width={64} tickFormatter={formatAmount} domain={["auto", "auto"]} />
            <Tooltip
              labelFormatter={(v) => formatDate(Number(v))}
              formatter={(v) => [formatAmount(Number(v)), "Price"]}
            />
            <Line
              type="stepAfter"
              dataKey="amount"
              stroke="#0369a1"
              strokeWidth={2}
              dot={{ r: 3 }}
              activeDot={{ r: 5 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </Box>
      <Button
        size="small"
        sx={{ mt: 1 }}
        aria-expanded={table}
        aria-controls={tableId}
        onClick={() => setTable(!table)}
      >
        {table ? "Hide the price table" : "Show the prices as a table"}
      </Button>
      {table && <PriceTable id={tableId} summary={summary} />}
    </Box>
  );
}
