import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { formatDate } from "../../lib/dates";
import { formatAmount, type PriceSummary } from "./price-summary";

/** The chart's points as rows, newest first: what a screen reader or a careful reader needs. */
export function PriceTable({ id, summary }: { id: string; summary: PriceSummary }) {
  return (
    <Table id={id} size="small" aria-label="Price history" sx={{ mt: 1 }}>
      <TableHead>
        <TableRow>
          <TableCell>When</TableCell>
          <TableCell align="right">Price{summary.currency ? ` (${summary.currency})` : ""}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {[...summary.points].reverse().map((p) => (
          <TableRow key={p.at}>
            <TableCell>{formatDate(p.at)}</TableCell>
            <TableCell align="right">{formatAmount(p.amount)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
