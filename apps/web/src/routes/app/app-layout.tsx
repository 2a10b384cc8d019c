import { AppShell } from "../../components/shell/app-shell";
import { customerMenu } from "../../components/shell/menus";
import { useLiveEvents } from "../../features/live/live-events";
import { SessionGate } from "../session-gate";

/** Opens the live event stream for as long as the customer area is shown. */
function LiveUpdates() {
  useLiveEvents();
  return null;
}

export default function AppLayout() {
  return (
    <SessionGate area="customer">
      {(user) => (
        <>
          <LiveUpdates />
          <AppShell user={user} menu={customerMenu} homePath="/auth" logoutLabel="Log Out" />
        </>
      )}
    </SessionGate>
  );
}
