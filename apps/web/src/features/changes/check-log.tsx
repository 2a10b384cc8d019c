import type { Check } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Pagination from "@mui/material/Pagination";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { formatItemTime } from "../../lib/dates";
import { EmptyState, LoadError, LoadingRows } from "../common/query-states";
import { useMonitorChecks } from "./changes-queries";
import { IgnoredNoise } from "./ignored-noise";

const statusChip = {
  unchanged: { label: "No change", color: "default" },
  not_modified: { label: "Not modified", color: "default" },
  changed: { label: "Changed", color: "info" },
  error: { label: "Error", color: "error" },
} as const;

/** A run of identical unchanged checks is one row: "No change ×12". */
export function resultLabel(check: Pick<Check, "status" | "count">): string {
  const { label } = statusChip[check.status];
  return check.count > 1 ? `${label} ×${check.count}` : label;
}

/**
 * Every check of the monitor (a run of identical unchanged checks as one row, from its first to its last): when, how long, the HTTP status and, for failures, why; for checks that
 * compared the page, what the noise filter ignored, with a way to stop ignoring a rule's lines.
 */
export function CheckLog({ monitorId }: { monitorId: string }) {
  const [page, setPage] = useState(1);
  const checks = useMonitorChecks(monitorId, page);
  if (checks.isPending) return <LoadingRows rows={4} height={40} label="Loading checks" />;
  if (checks.isError)
    return <LoadError error={checks.error} onRetry={() => checks.refetch()} what="the check log" />;
  if (checks.data.items.length === 0)
    return (
      <EmptyState title="No checks yet">The first check runs right after a monitor is added.</EmptyState>
    );
  const pages = Math.ceil(checks.data.total / checks.data.pageSize);
  return (
    <Box>
      <TableContainer>
        <Table size="small" aria-label="Check log">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Result</TableCell>
              <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>HTTP</TableCell>
              <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>Took</TableCell>
              <TableCell>Details</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {checks.data.items.map((check) => (
              <TableRow key={check.id}>
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  {formatItemTime(check.startedAt)}
                  {check.lastStartedAt && (
                    <Typography variant="body2" color="text.secondary" sx={{ fontSize: "0.8rem" }}>
                      to {formatItemTime(check.lastStartedAt)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Chip size="small" color={statusChip[check.status].color} label={resultLabel(check)} />
                </TableCell>
                <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>
                  {check.httpStatus ?? "—"}
                </TableCell>
                <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>
                  {(check.durationMs / 1000).toFixed(1)} s{check.count > 1 ? " on average" : ""}
                </TableCell>
                <TableCell>
                  {check.error ? (
                    <Typography variant="body2" color="error.main" sx={{ fontSize: "0.8rem" }}>
                      {check.error}
                    </Typography>
                  ) : check.ignored ? (
                    <IgnoredNoise monitorId={monitorId} ignored={check.ignored} />
                  ) : (
                    "—"
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pages > 1 && <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_, p) => setPage(p)} />}
    </Box>
  );
}
