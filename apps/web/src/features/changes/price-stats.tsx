import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { formatDate } from "../../lib/dates";
import { formatAmount, type PriceAt, type PriceSummary } from "./price-summary";

function Stat({ label, price, note }: { label: string; price: PriceAt; note: string }) {
  return (
    <Box component="div" role="group" aria-label={label} sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
        {formatAmount(price.amount)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {note} {formatDate(price.at)}
      </Typography>
    </Box>
  );
}

/** Current, lowest and highest price, each with when it was seen. */
export function PriceStats({ summary }: { summary: PriceSummary }) {
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(3, minmax(0, 1fr))" }}>
      <Stat label="Current" price={summary.current} note="checked" />
      <Stat label="Lowest" price={summary.lowest} note="last seen" />
      <Stat label="Highest" price={summary.highest} note="last seen" />
    </Box>
  );
}
