import type { AuthUser } from "@changeradar/contracts";
import { AppShell } from "../../components/shell/app-shell";
import { customerMenu } from "../../components/shell/menus";
import { useLiveEvents } from "../../features/live/live-events";
import { useUnreadCount } from "../../features/notifications/notifications-queries";
import { SessionGate } from "../session-gate";

/** Opens the live event stream for as long as the customer area is shown. */
function LiveUpdates() {
  useLiveEvents();
  return null;
}

/**
 * The customer shell with the Notification Center's unread count: marking alerts read invalidates the
 * notifications queries, and a live "notification" event does the same, so the count follows both.
 */
export function CustomerShell({ user }: { user: AuthUser }) {
  const unread = useUnreadCount();
  return (
    <AppShell
      user={user}
      menu={customerMenu}
      counts={{ "/auth/notifications": unread.data ?? 0 }}
      homePath="/auth"
      logoutLabel="Log Out"
    />
  );
}

export default function AppLayout() {
  return (
    <SessionGate area="customer">
      {(user) => (
        <>
          <LiveUpdates />
          <CustomerShell user={user} />
        </>
      )}
    </SessionGate>
  );
}
