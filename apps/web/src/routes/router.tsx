import { lazy } from "react";
import { createBrowserRouter, Navigate } from "react-router";
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

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: "/", element: <LandingPage /> },
      { path: "share/:token", element: <SharedChangePage /> },
      {
        element: <PublicLayout />,
        children: [
          { path: "login", element: <LoginPage /> },
          { path: "register", element: <RegisterPage /> },
          { path: "forgot-password", element: <ForgotPasswordPage /> },
          { path: "verify-code", element: <VerifyCodePage /> },
          { path: "new-password", element: <NewPasswordPage /> },
          { path: "contact", element: <ContactPage /> },
          { path: "contact-us", element: <ContactPage /> },
          { path: "faq", element: <FaqPage /> },
          { path: "terms", element: <TermsPage /> },
          { path: "privacy", element: <PrivacyPage /> },
          { path: "blog", element: <BlogPage /> },
          { path: "blog/:slug", element: <BlogPostPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      {
        path: "auth",
        element: <AppLayout />,
        children: [
          { index: true, element: <DashboardPage /> },
          { path: "mymonitors", element: <MyMonitorsPage /> },
          { path: "mymonitors/new", element: <MonitorEditorPage /> },
          { path: "mymonitors/:monitorId", element: <MonitorDetailPage /> },
          { path: "mymonitors/:monitorId/edit", element: <MonitorEditorPage /> },
          { path: "notifications", element: <NotificationsPage /> },
          { path: "reports", element: <ReportsPage /> },
          { path: "settings", element: <SettingsPage /> },
          { path: "feedback", element: <FeedbackPage /> },
          { path: "support", element: <SupportPage /> },
          { path: "account", element: <AccountPage /> },
          { path: "*", element: <Navigate to="/auth" replace /> },
        ],
      },
      {
        path: "admin",
        element: <AdminLayout />,
        children: [
          { index: true, element: <AdminDashboardPage /> },
          { path: "manage-emails", element: <ManageEmailsPage /> },
          { path: "admin-customers", element: <CustomersPage /> },
          { path: "list-blog", element: <BlogListPage /> },
          { path: "create-blog", element: <BlogCreatePage /> },
          { path: "edit-blog/:postId", element: <BlogEditPage /> },
          { path: "admin-customers/:customerId", element: <CustomerDetailPage /> },
          { path: "audit-log", element: <AuditLogPage /> },
          { path: "*", element: <Navigate to="/admin" replace /> },
        ],
      },
    ],
  },
]);
