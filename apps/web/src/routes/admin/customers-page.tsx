import { planNames } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { ScreenSection } from "../../components/shell/screen-section";
import { useCustomers } from "../../features/admin/admin-queries";
import { Pager } from "../../features/admin/pager";
import { useUrlFilters } from "../../features/admin/url-filters";
import { LoadError, LoadingRows } from "../../features/common/query-states";
import { formatDate } from "../../lib/dates";

const PAGE_SIZE = 20;

/** Search customers by email or name; each opens its detail. */
export default function CustomersPage() {
  const { values, page, set } = useUrlFilters(["q", "plan", "status"] as const);
  const customers = useCustomers({ ...values, page, pageSize: PAGE_SIZE });
  return (
    <ScreenSection title="Customers">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "2fr 1fr 1fr" }, mb: 2 }}>
          <TextField
            label="Search by email or name"
            type="search"
            value={values.q}
            onChange={(e) => set("q", e.target.value)}
            size="small"
          />
          <TextField
            select
            label="Plan"
            value={values.plan}
            onChange={(e) => set("plan", e.target.value)}
            size="small"
          >
            <MenuItem value="">All plans</MenuItem>
            {planNames.map((p) => (
              <MenuItem key={p} value={p}>
                {p}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Status"
            value={values.status}
            onChange={(e) => set("status", e.target.value)}
            size="small"
          >
            <MenuItem value="">All</MenuItem>
            <MenuItem value="active">Active</MenuItem>
            <MenuItem value="disabled">Disabled</MenuItem>
          </TextField>
        </Box>
        {customers.isPending ? (
          <LoadingRows rows={5} height={40} label="Loading customers" />
        ) : customers.isError ? (
          <LoadError error={customers.error} onRetry={() => customers.refetch()} what="customers" />
        ) : customers.data.items.length === 0 ? (
          <Typography color="text.secondary">No customer matches.</Typography>
        ) : (
          <>
            <Box sx={{ overflowX: "auto" }}>
              <Table size="small" aria-label="Customers">
                <TableHead>
                  <TableRow>
                    <TableCell>Customer</TableCell>
                    <TableCell>Plan</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell align="right">Monitors</TableCell>
                    <TableCell>Signed up</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {customers.data.items.map((c) => (
                    <TableRow key={c.id} hover>
                      <TableCell>
                        <Link
                          component={RouterLink}
                          to={`/admin/admin-customers/${c.id}`}
                          sx={{ fontWeight: 600 }}
                        >
                          {c.email}
                        </Link>
                        <Typography variant="body2" color="text.secondary">
                          {c.name}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        {c.planType}
                        {c.planInForce !== c.planType && (
                          <Typography variant="body2" color="text.secondary">
                            {c.planInForce} limits apply ({c.planStatus.replace("_", " ")})
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          label={c.disabled ? "Disabled" : c.isAdmin ? "Admin" : "Active"}
                          color={c.disabled ? "error" : "default"}
                        />
                      </TableCell>
                      <TableCell align="right">{c.monitors}</TableCell>
                      <TableCell>{formatDate(c.createdAt)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Pager
              total={customers.data.total}
              page={page}
              pageSize={PAGE_SIZE}
              onPage={(p) => set("page", String(p))}
            />
          </>
        )}
      </Paper>
    </ScreenSection>
  );
}
