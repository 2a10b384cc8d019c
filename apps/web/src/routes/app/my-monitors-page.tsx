import { plans } from "@changeradar/contracts";
import Add from "@mui/icons-material/Add";
import MonitorHeartOutlined from "@mui/icons-material/MonitorHeartOutlined";
import UploadFileOutlined from "@mui/icons-material/UploadFileOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Pagination from "@mui/material/Pagination";
import Typography from "@mui/material/Typography";
import { useCallback, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ScreenSection } from "../../components/shell/screen-section";
import { usePlanInForce } from "../../features/billing/billing-queries";
import { EmptyState, LoadError, LoadingRows } from "../../features/common/query-states";
import { BulkImportDialog } from "../../features/monitors/bulk-import-dialog";
import {
  filtersFromParams,
  filtersToParams,
  hasActiveFilters,
  type MonitorFilters,
  pageSize,
  toListQuery,
  withFilter,
} from "../../features/monitors/monitor-filters";
import { MonitorFiltersBar } from "../../features/monitors/monitor-filters-bar";
import { useMonitorRoom } from "../../features/monitors/monitor-limit";
import { MonitorRow } from "../../features/monitors/monitor-row";
import { useMonitorList } from "../../features/monitors/monitors-queries";

export default function MyMonitorsPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const plan = usePlanInForce();
  const room = useMonitorRoom();
  const [importing, setImporting] = useState(false);
  const list = useMonitorList(toListQuery(filters));
  const paramString = params.toString();
  const change = useCallback(
    (partial: Partial<MonitorFilters>) =>
      setParams(filtersToParams(withFilter(filtersFromParams(new URLSearchParams(paramString)), partial)), {
        replace: true,
      }),
    [paramString, setParams],
  );

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / pageSize)) : 1;
  const filtered = hasActiveFilters(filters);

  return (
    <ScreenSection title="My Monitors">
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center", mb: 3 }}>
        <Typography id="monitor-count" color="text.secondary" sx={{ flexGrow: 1 }}>
          {list.data && !filtered
            ? `${list.data.total} of ${plans[plan].monitors} ${plans[plan].monitors === 1 ? "monitor" : "monitors"} on your ${plan} plan`
            : "Pages you watch for changes"}
          {room.state === "full" && " · limit reached"}
        </Typography>
        <Button startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
          Bulk import
        </Button>
        <Button
          variant="contained"
          startIcon={<Add />}
          component={Link}
          to="/auth/mymonitors/new"
          aria-describedby="monitor-count"
        >
          Add monitor
        </Button>
      </Box>
      <MonitorFiltersBar
        filters={filters}
        onChange={change}
        onClear={() => setParams(filtersToParams({ sort: filters.sort, page: 1 }), { replace: true })}
      />
      {list.isPending ? (
        <LoadingRows rows={4} label="Loading monitors" />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => list.refetch()} what="your monitors" />
      ) : list.data.items.length === 0 ? (
        filtered ? (
          <EmptyState title="No monitors match these filters">
            Try another search or clear the filters.
          </EmptyState>
        ) : (
          <EmptyState
            icon={<MonitorHeartOutlined />}
            title="Watch your first page"
            action={
              <Button variant="contained" startIcon={<Add />} component={Link} to="/auth/mymonitors/new">
                Add your first monitor
              </Button>
            }
          >
            Paste the address of a page, pick what matters on it, and we tell you when it changes.
          </EmptyState>
        )
      ) : (
        <Box
          component="ul"
          aria-label="Monitors"
          sx={{ p: 0, m: 0, display: "grid", gap: 1.5, opacity: list.isPlaceholderData ? 0.6 : 1 }}
        >
          {list.data.items.map((monitor) => (
            <MonitorRow key={monitor.id} monitor={monitor} />
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          sx={{ mt: 3, display: "flex", justifyContent: "center" }}
          count={pages}
          page={filters.page}
          onChange={(_, page) => change({ page })}
        />
      )}
      <BulkImportDialog open={importing} plan={plan} onClose={() => setImporting(false)} />
    </ScreenSection>
  );
}
