import { registerAccountExportRoutes } from "./account-export/account-export.routes";
import { registerAdminRoutes } from "./admin/admin.routes";
import { registerChannelRoutes } from "./alerts/channels.routes";
import { registerVisitorRoutes } from "./analytics/visitors.routes";
import { registerApiKeyRoutes } from "./api-keys/api-keys.routes";
import { registerAuditRoutes } from "./audit/audit.routes";
import { registerAuthRoutes } from "./auth/auth.routes";
import { registerRecoveryRoutes } from "./auth/recovery.routes";
import { registerBillingRoutes } from "./billing/billing.routes";
import { registerBlogRoutes } from "./blog/blog.routes";
import { registerHistoryRoutes } from "./checks/history.routes";
import type { AppContext } from "./context";
import { registerDashboardRoutes } from "./dashboard/dashboard.routes";
import { registerDemoRoutes } from "./demo/demo.routes";
import { registerDocsRoutes } from "./docs/docs.routes";
import { registerFeedbackRoutes } from "./feedback/feedback.routes";
import { registerHealthRoutes } from "./health/health.routes";
import type { Api } from "./http/route-schema";
import { registerLiveRoutes } from "./live/events.routes";
import { registerMonitorRoutes } from "./monitors/monitors.routes";
import { registerNotificationPreferenceRoutes } from "./notifications/notification-preferences.routes";
import { registerNotificationRoutes } from "./notifications/notifications.routes";
import { registerReportRoutes } from "./reports/reports.routes";
import { registerFeedRoutes } from "./sharing/feeds.routes";
import { registerShareRoutes } from "./sharing/shares.routes";
import { registerSupportRoutes } from "./support/support.routes";
import { registerUserRoutes } from "./users/users.routes";

/**
 * Every domain's routes, mounted under /api/v1. A new domain writes `registerXRoutes(api, ctx)` in its
 * own folder and adds one line here.
 */
export const domainRoutes: Array<(api: Api, ctx: AppContext) => void | Promise<void>> = [
  registerHealthRoutes,
  registerMonitorRoutes,
  registerHistoryRoutes,
  registerAuthRoutes,
  registerRecoveryRoutes,
  registerUserRoutes,
  registerSupportRoutes,
  registerVisitorRoutes,
  registerChannelRoutes,
  registerNotificationRoutes,
  registerNotificationPreferenceRoutes,
  registerLiveRoutes,
  registerDashboardRoutes,
  registerReportRoutes,
  registerFeedbackRoutes,
  registerApiKeyRoutes,
  registerBillingRoutes,
  registerDocsRoutes,
  registerAdminRoutes,
  registerAuditRoutes,
  registerBlogRoutes,
  registerAccountExportRoutes,
  registerFeedRoutes,
  registerShareRoutes,
  registerDemoRoutes,
];
