import type { Monitor } from "@changeradar/contracts";
import ArticleOutlined from "@mui/icons-material/ArticleOutlined";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { formatItemTime } from "../../lib/dates";
import { EmptyState, LoadError, LoadingRows } from "../common/query-states";
import { MonitorStatusChip } from "./monitor-status-chip";
import { useMonitorList } from "./monitors-queries";

const PAGE_SIZE = 100;

/** The pages a site monitor watches one by one: each opens its own history of content changes. */
export function SitePages({ site }: { site: Monitor }) {
  const pages = useMonitorList({ site: site.id, sort: "lastChangeAt", pageSize: PAGE_SIZE });
  if (pages.isPending) return <LoadingRows rows={3} label="Loading the watched pages" />;
  if (pages.isError)
    return <LoadError error={pages.error} onRetry={() => pages.refetch()} what="the watched pages" />;
  const { items, total } = pages.data;
  if (items.length === 0)
    return (
      <EmptyState icon={<ArticleOutlined />} title="No pages watched yet">
        The pages are watched from the site's next check on. Each content change appears in the page's own
        history and in your alerts, naming the page.
      </EmptyState>
    );
  return (
    <Paper variant="outlined">
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
        {total} {total === 1 ? "page" : "pages"} watched with this monitor's settings
        {total > items.length && ` (the ${items.length} changed most recently shown)`}
      </Typography>
      <List aria-label="Watched pages">
        {items.map((page) => (
          <ListItem
            key={page.id}
            divider
            secondaryAction={<MonitorStatusChip monitorId={page.id} status={page.status} />}
          >
            <ListItemText
              primary={
                <Link
                  component={RouterLink}
                  to={`/auth/mymonitors/${page.id}`}
                  sx={{ wordBreak: "break-all" }}
                >
                  {new URL(page.url).pathname + new URL(page.url).search}
                </Link>
              }
              secondary={
                page.lastChangeAt
                  ? `Changed ${formatItemTime(page.lastChangeAt)}`
                  : page.lastCheckedAt
                    ? `No change since ${formatItemTime(page.lastCheckedAt)}`
                    : "Not checked yet"
              }
              sx={{ pr: 12 }}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
