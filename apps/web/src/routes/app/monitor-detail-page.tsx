import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import Box from "@mui/material/Box";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useParams, useSearchParams } from "react-router";
import { ChangeDetailView } from "../../features/changes/change-detail-view";
import { ChangeTimeline } from "../../features/changes/change-timeline";
import { useMonitorChanges, useMonitorPrices } from "../../features/changes/changes-queries";
import { CheckLog } from "../../features/changes/check-log";
import { LazyPriceChart } from "../../features/changes/lazy-charts";
import { EmptyState, LoadError, LoadingRows } from "../../features/common/query-states";
import { MonitorHeader } from "../../features/monitors/monitor-header";
import { useMonitor } from "../../features/monitors/monitors-queries";
import { SitePages } from "../../features/monitors/site-pages";

type DetailTab = "history" | "pages" | "prices" | "checks";
const tabs: DetailTab[] = ["history", "pages", "prices", "checks"];

function History({
  monitorId,
  selected,
  onSelect,
}: {
  monitorId: string;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const changes = useMonitorChanges(monitorId);
  if (changes.isPending) return <LoadingRows rows={3} label="Loading the history" />;
  if (changes.isError)
    return <LoadError error={changes.error} onRetry={() => changes.refetch()} what="the change history" />;
  const items = changes.data.items;
  if (items.length === 0)
    return (
      <EmptyState icon={<HistoryOutlined />} title="No changes yet">
        We keep checking on schedule. When something you watch changes, it appears here with a diff.
      </EmptyState>
    );
  const current = selected && items.some((c) => c.id === selected) ? selected : items[0]!.id;
  return (
    <Box
      sx={{
        display: "grid",
        gap: 3,
        gridTemplateColumns: { xs: "minmax(0,1fr)", md: "minmax(240px, 1fr) minmax(0, 2.5fr)" },
        alignItems: "start",
      }}
    >
      <ChangeTimeline changes={items} selectedId={current} onSelect={onSelect} />
      <ChangeDetailView changeId={current} />
    </Box>
  );
}

function Prices({ monitorId }: { monitorId: string }) {
  const prices = useMonitorPrices(monitorId);
  if (prices.isPending) return <LoadingRows rows={1} height={260} label="Loading prices" />;
  if (prices.isError)
    return <LoadError error={prices.error} onRetry={() => prices.refetch()} what="the price history" />;
  if (prices.data.length === 0)
    return (
      <EmptyState title="No prices recorded">
        Prices appear here once a check finds a price on the page.
      </EmptyState>
    );
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <LazyPriceChart history={prices.data} />
    </Paper>
  );
}

export default function MonitorDetailPage() {
  const { monitorId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const monitor = useMonitor(monitorId);
  const tab = (tabs as string[]).includes(params.get("tab") ?? "")
    ? (params.get("tab") as DetailTab)
    : "history";
  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <Box component="section" aria-labelledby="screen-title">
      <Breadcrumbs sx={{ mb: 2 }}>
        <Link component={RouterLink} to="/auth/mymonitors" underline="hover">
          My Monitors
        </Link>
        <Typography color="text.primary">{monitor.data?.name ?? "Monitor"}</Typography>
      </Breadcrumbs>
      {monitor.isPending ? (
        <LoadingRows rows={1} height={160} label="Loading the monitor" />
      ) : monitor.isError ? (
        <LoadError error={monitor.error} onRetry={() => monitor.refetch()} what="this monitor" />
      ) : (
        <>
          <MonitorHeader monitor={monitor.data} />
          <Tabs
            value={tab === "pages" && !monitor.data.watchPages ? "history" : tab}
            onChange={(_, value: DetailTab) => setParam("tab", value === "history" ? null : value)}
            sx={{ mb: 2 }}
            variant="scrollable"
            allowScrollButtonsMobile
          >
            <Tab value="history" label="History" />
            {monitor.data.watchPages && <Tab value="pages" label="Watched pages" />}
            <Tab value="prices" label="Price history" />
            <Tab value="checks" label="Check log" />
          </Tabs>
          {tab === "history" && (
            <History
              monitorId={monitorId}
              selected={params.get("change")}
              onSelect={(id) => setParam("change", id)}
            />
          )}
          {tab === "pages" && monitor.data.watchPages && <SitePages site={monitor.data} />}
          {tab === "prices" && <Prices monitorId={monitorId} />}
          {tab === "checks" && <CheckLog monitorId={monitorId} />}
        </>
      )}
    </Box>
  );
}
