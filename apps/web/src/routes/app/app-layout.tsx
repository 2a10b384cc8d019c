import { AppShell } from "../../components/shell/app-shell";
import { customerMenu } from "../../components/shell/menus";
import { SessionGate } from "../session-gate";

export default function AppLayout() {
  return (
    <SessionGate area="customer">
      {(user) => <AppShell user={user} menu={customerMenu} homePath="/auth" logoutLabel="Log Out" />}
    </SessionGate>
  );
}
