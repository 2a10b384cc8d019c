import {
  deliveryStatuses,
  type ListNotificationsQuery,
  type Notification,
  notificationTypes,
} from "@changeradar/contracts";
import DoneAll from "@mui/icons-material/DoneAll";
import NotificationsNoneOutlined from "@mui/icons-material/NotificationsNoneOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Pagination from "@mui/material/Pagination";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { Link as RouterLink, useSearchParams } from "react-router";
import { describeError } from "../../api/errors";
import { formatItemTime } from "../../lib/dates";
import { EmptyState, LoadError, LoadingRows } from "../common/query-states";
import { useMonitorList } from "../monitors/monitors-queries";
import { DeliveryStatus } from "./delivery-status";
import { notificationFiltersFromParams, notificationFiltersToParams } from "./notification-filters";
import { useNotificationMutations, useNotifications } from "./notifications-queries";

const typeLabels: Record<Notification["type"], string> = {
  change: "Change",
  failing: "Monitor failing",
  recovered: "Monitor recovered",
};
const deliveryLabels = {
  pending: "Queued",
  sending: "Sending",
  delivered: "Delivered",
  failed: "Retrying",
  dead: "Failed",
} as const;

function NotificationItem({ notification }: { notification: Notification }) {
  const { markRead } = useNotificationMutations();
  const target = notification.monitorId
    ? `/auth/mymonitors/${notification.monitorId}${notification.changeId ? `?change=${notification.changeId}` : ""}`
    : null;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{
        listStyle: "none",
        p: 2,
        borderLeft: 4,
        borderLeftColor: notification.read ? "divider" : "secondary.main",
        bgcolor: notification.read ? "background.paper" : "#f5fafd",
      }}
      aria-label={`${notification.read ? "" : "Unread: "}${notification.title}`}
    >
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "baseline" }}>
        <Typography
          variant="body2"
          color={notification.type === "failing" ? "error.main" : "text.secondary"}
          sx={{ fontWeight: 600 }}
        >
          {typeLabels[notification.type]}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatItemTime(notification.createdAt)}
          {notification.monitorName && ` · ${notification.monitorName}`}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {!notification.read && (
          <Button size="small" onClick={() => markRead.mutate(notification.id)} disabled={markRead.isPending}>
            Mark read
          </Button>
        )}
      </Box>
      <Typography sx={{ fontWeight: notification.read ? 500 : 700, mt: 0.5 }}>
        {target ? (
          <Link
            component={RouterLink}
            to={target}
            underline="hover"
            color="inherit"
            onClick={() => !notification.read && markRead.mutate(notification.id)}
          >
            {notification.title}
          </Link>
        ) : (
          notification.title
        )}
      </Typography>
      {notification.body && (
        <Typography color="text.secondary" sx={{ fontSize: "0.875rem", mb: 1, whiteSpace: "pre-line" }}>
          {notification.body}
        </Typography>
      )}
      <DeliveryStatus deliveries={notification.deliveries} />
    </Paper>
  );
}

/** The alerts list with read/unread, type, monitor and delivery filters (kept in the URL), and mark all read. */
export function NotificationList() {
  const [params, setParams] = useSearchParams();
  const filters = notificationFiltersFromParams(params);
  const notifications = useNotifications(filters);
  const monitors = useMonitorList({ pageSize: 100 });
  const { markAllRead } = useNotificationMutations();
  const { enqueueSnackbar } = useSnackbar();
  const change = (partial: Partial<ListNotificationsQuery>) =>
    setParams(notificationFiltersToParams({ ...filters, ...partial, page: partial.page }, params), {
      replace: true,
    });
  const select = {
    select: true,
    slotProps: { select: { displayEmpty: true }, inputLabel: { shrink: true } },
    size: "small" as const,
    fullWidth: false,
    sx: { minWidth: { xs: "calc(50% - 6px)", sm: 160 }, flex: { xs: 1, sm: "0 0 auto" } },
  };
  const unread = notifications.data?.unread ?? 0;

  return (
    <Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, mb: 2, alignItems: "center" }} role="search">
        <TextField
          {...select}
          label="Show"
          value={filters.read ?? ""}
          onChange={(e) => change({ read: (e.target.value || undefined) as ListNotificationsQuery["read"] })}
        >
          <MenuItem value="">All alerts</MenuItem>
          <MenuItem value="unread">Unread</MenuItem>
          <MenuItem value="read">Read</MenuItem>
        </TextField>
        <TextField
          {...select}
          label="Type"
          value={filters.type ?? ""}
          onChange={(e) => change({ type: (e.target.value || undefined) as ListNotificationsQuery["type"] })}
        >
          <MenuItem value="">All types</MenuItem>
          {notificationTypes.map((t) => (
            <MenuItem key={t} value={t}>
              {typeLabels[t]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...select}
          label="Monitor"
          value={filters.monitorId ?? ""}
          onChange={(e) => change({ monitorId: e.target.value || undefined })}
        >
          <MenuItem value="">All monitors</MenuItem>
          {monitors.data?.items.map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.name || m.url}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...select}
          label="Delivery"
          value={filters.deliveryStatus ?? ""}
          onChange={(e) =>
            change({
              deliveryStatus: (e.target.value || undefined) as ListNotificationsQuery["deliveryStatus"],
            })
          }
        >
          <MenuItem value="">Any delivery</MenuItem>
          {deliveryStatuses.map((s) => (
            <MenuItem key={s} value={s}>
              {deliveryLabels[s]}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {unread} unread
        </Typography>
        <Button
          startIcon={<DoneAll />}
          disabled={unread === 0 || markAllRead.isPending}
          onClick={() =>
            markAllRead.mutate(undefined, {
              onError: (error) => enqueueSnackbar(describeError(error).message, { variant: "error" }),
            })
          }
        >
          Mark all read
        </Button>
      </Box>
      {notifications.isPending ? (
        <LoadingRows rows={4} label="Loading alerts" />
      ) : notifications.isError ? (
        <LoadError error={notifications.error} onRetry={() => notifications.refetch()} what="your alerts" />
      ) : notifications.data.items.length === 0 ? (
        <EmptyState
          icon={<NotificationsNoneOutlined />}
          title={Object.values(filters).some(Boolean) ? "No alerts match these filters" : "No alerts yet"}
        >
          When a monitor finds a change, or starts failing, the alert appears here with where it was
          delivered.
        </EmptyState>
      ) : (
        <Box component="ul" aria-label="Alerts" sx={{ m: 0, p: 0, display: "grid", gap: 1.5 }}>
          {notifications.data.items.map((n) => (
            <NotificationItem key={n.id} notification={n} />
          ))}
        </Box>
      )}
      {notifications.data && notifications.data.total > notifications.data.pageSize && (
        <Pagination
          sx={{ mt: 3, display: "flex", justifyContent: "center" }}
          count={Math.ceil(notifications.data.total / notifications.data.pageSize)}
          page={filters.page ?? 1}
          onChange={(_, page) => change({ page: page > 1 ? page : undefined })}
        />
      )}
    </Box>
  );
}
