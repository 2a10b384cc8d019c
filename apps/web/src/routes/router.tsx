import { lazy } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import type { PageHandle } from "./page-title";
import { RootLayout } from "./root-layout";

// The signed-in shells load on demand, keeping their weight out of the public pages' first load.
const AppLayout = lazy(() => import("./app/app-layout"));
const AdminLayout = lazy(() => import("./admin/admin-layout"));
const PublicLayout = lazy(() => import("./public/public-layout"));

const LandingPage = lazy(() => import("./public/landing-page"));
const LoginPage = lazy(() => import("./public/login-page"));
const RegisterPage = lazy(() => import("./public/register-page"));
const ForgotPasswordPage = lazy(() => import("./public/forgot-password-page"));
const VerifyCodePage = lazy(() => import("./public/verify-code-page"));
const NewPasswordPage = lazy(() => import("./public/new-password-page"));
const ContactPage = lazy(() => import("./public/contact-page"));
const FaqPage = lazy(() => import("./public/faq-page"));
const TermsPage = lazy(() => import("./public/terms-page"));
const PrivacyPage = lazy(() => import("./public/privacy-page"));
const NotFoundPage = lazy(() => import("./public/not-found-page"));
const BlogPage = lazy(() => import("./public/blog-page"));
const BlogPostPage = lazy(() => import("./public/blog-post-page"));
const SharedChangePage = lazy(() => import("./public/shared-change-page"));

const DashboardPage = lazy(() => import("./app/dashboard-page"));
const MyMonitorsPage = lazy(() => import("./app/my-monitors-page"));
const MonitorDetailPage = lazy(() => import("./app/monitor-detail-page"));
const MonitorEditorPage = lazy(() => import("./app/monitor-editor-page"));
const NotificationsPage = lazy(() => import("./app/notifications-page"));
const ReportsPage = lazy(() => import("./app/reports-page"));
const SettingsPage = lazy(() => import("./app/settings-page"));
const FeedbackPage = lazy(() => import("./app/feedback-page"));
const SupportPage = lazy(() => import("./app/support-page"));
const AccountPage = lazy(() => import("./app/account-page"));

const AdminDashboardPage = lazy(() => import("./admin/admin-dashboard-page"));
const ManageEmailsPage = lazy(() => import("./admin/manage-emails-page"));
const CustomersPage = lazy(() => import("./admin/customers-page"));
const BlogListPage = lazy(() => import("./admin/blog-list-page"));
const BlogCreatePage = lazy(() => import("./admin/blog-create-page"));
const BlogEditPage = lazy(() => import("./admin/blog-edit-page"));
const CustomerDetailPage = lazy(() => import("./admin/customer-detail-page"));
const AuditLogPage = lazy(() => import("./admin/audit-log-page"));

/** Each page's name in the browser tab (spec §2 names), read once by the root layout. */
const page = (title: string): PageHandle => ({ title });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: "/", element: <LandingPage /> },
      { path: "share/:token", handle: page("A shared change"), element: <SharedChangePage /> },
      {
        element: <PublicLayout />,
        children: [
          { path: "login", handle: page("Sign In"), element: <LoginPage /> },
          { path: "register", handle: page("Create your account"), element: <RegisterPage /> },
          { path: "forgot-password", handle: page("Forgot Password"), element: <ForgotPasswordPage /> },
          { path: "verify-code", handle: page("Verify Code"), element: <VerifyCodePage /> },
          { path: "new-password", handle: page("New Password"), element: <NewPasswordPage /> },
          { path: "contact", handle: page("Contact"), element: <ContactPage /> },
          { path: "contact-us", handle: page("Contact"), element: <ContactPage /> },
          { path: "faq", handle: page("Help Center"), element: <FaqPage /> },
          { path: "terms", handle: page("Terms"), element: <TermsPage /> },
          { path: "privacy", handle: page("Privacy"), element: <PrivacyPage /> },
          { path: "blog", handle: page("Blog"), element: <BlogPage /> },
          { path: "blog/:slug", handle: page("Blog"), element: <BlogPostPage /> },
          { path: "*", handle: page("Page Not Found"), element: <NotFoundPage /> },
        ],
      },
      {
        path: "auth",
        element: <AppLayout />,
        children: [
          { index: true, handle: page("Dashboard"), element: <DashboardPage /> },
          { path: "mymonitors", handle: page("My Monitors"), element: <MyMonitorsPage /> },
          { path: "mymonitors/new", handle: page("Add Monitor"), element: <MonitorEditorPage /> },
          { path: "mymonitors/:monitorId", handle: page("Monitor"), element: <MonitorDetailPage /> },
          {
            path: "mymonitors/:monitorId/edit",
            handle: page("Edit Monitor"),
            element: <MonitorEditorPage />,
          },
          { path: "notifications", handle: page("Notification Center"), element: <NotificationsPage /> },
          { path: "reports", handle: page("Reports & Analytics"), element: <ReportsPage /> },
          { path: "settings", handle: page("Account Settings"), element: <SettingsPage /> },
          { path: "feedback", handle: page("Feedback"), element: <FeedbackPage /> },
          { path: "support", handle: page("Support"), element: <SupportPage /> },
          { path: "account", handle: page("Your Plan"), element: <AccountPage /> },
          { path: "*", element: <Navigate to="/auth" replace /> },
        ],
      },
      {
        path: "admin",
        element: <AdminLayout />,
        children: [
          { index: true, handle: page("Admin Dashboard"), element: <AdminDashboardPage /> },
          { path: "manage-emails", handle: page("Manage Emails"), element: <ManageEmailsPage /> },
          { path: "admin-customers", handle: page("Customers"), element: <CustomersPage /> },
          { path: "list-blog", handle: page("Blog Posts"), element: <BlogListPage /> },
          { path: "create-blog", handle: page("Create Blog Post"), element: <BlogCreatePage /> },
          { path: "edit-blog/:postId", handle: page("Edit Blog Post"), element: <BlogEditPage /> },
          { path: "admin-customers/:customerId", handle: page("Customer"), element: <CustomerDetailPage /> },
          { path: "audit-log", handle: page("Audit Log"), element: <AuditLogPage /> },
          { path: "*", element: <Navigate to="/admin" replace /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
