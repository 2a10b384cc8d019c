import AssessmentOutlined from "@mui/icons-material/AssessmentOutlined";
import DashboardOutlined from "@mui/icons-material/DashboardOutlined";
import EmailOutlined from "@mui/icons-material/EmailOutlined";
import FeedbackOutlined from "@mui/icons-material/FeedbackOutlined";
import GroupOutlined from "@mui/icons-material/GroupOutlined";
import MonitorHeartOutlined from "@mui/icons-material/MonitorHeartOutlined";
import NotificationsOutlined from "@mui/icons-material/NotificationsOutlined";
import SettingsOutlined from "@mui/icons-material/SettingsOutlined";
import SupportAgentOutlined from "@mui/icons-material/SupportAgentOutlined";
import type { ReactNode } from "react";

export interface MenuEntry {
  label: string;
  to: string;
  icon: ReactNode;
  /** Other paths under which this entry counts as the current tab. */
  alsoActiveOn?: string[];
}

/** Unread counts shown on menu entries, keyed by the entry's path. */
export type MenuCounts = Partial<Record<string, number>>;

/** Spec §2: the customer area's side menu (Log Out is added by the shell). */
export const customerMenu: MenuEntry[] = [
  { label: "Dashboard", to: "/auth", icon: <DashboardOutlined /> },
  { label: "My Monitors", to: "/auth/mymonitors", icon: <MonitorHeartOutlined /> },
  { label: "Notification Center", to: "/auth/notifications", icon: <NotificationsOutlined /> },
  { label: "Reports & Analytics", to: "/auth/reports", icon: <AssessmentOutlined /> },
  { label: "Account Settings", to: "/auth/settings", icon: <SettingsOutlined /> },
  { label: "Feedback", to: "/auth/feedback", icon: <FeedbackOutlined /> },
  { label: "Support", to: "/auth/support", icon: <SupportAgentOutlined /> },
];

/** Spec §2: the admin side menu; the blog screens are recognised as part of the dashboard tab. */
export const adminMenu: MenuEntry[] = [
  {
    label: "Dashboard",
    to: "/admin",
    icon: <DashboardOutlined />,
    alsoActiveOn: ["/admin/list-blog", "/admin/create-blog", "/admin/edit-blog", "/admin/audit-log"],
  },
  { label: "Manage Emails", to: "/admin/manage-emails", icon: <EmailOutlined /> },
  { label: "Customers", to: "/admin/admin-customers", icon: <GroupOutlined /> },
];

export function isActiveEntry(entry: MenuEntry, pathname: string, homePath: string): boolean {
  if (entry.alsoActiveOn?.some((p) => pathname.startsWith(p))) return true;
  if (entry.to === homePath) return pathname === homePath || pathname === `${homePath}/`;
  return pathname === entry.to || pathname.startsWith(`${entry.to}/`);
}
