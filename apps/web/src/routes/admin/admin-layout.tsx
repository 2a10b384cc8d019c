import { AppShell } from "../../components/shell/app-shell";
import { adminMenu } from "../../components/shell/menus";
import { SessionGate } from "../session-gate";

export default function AdminLayout() {
  return (
    <SessionGate area="admin">
      {(user) => <AppShell user={user} menu={adminMenu} homePath="/admin" logoutLabel="Logout" />}
    </SessionGate>
  );
}
