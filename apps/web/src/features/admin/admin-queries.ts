import type {
  AdminDashboard,
  AuditEntry,
  BlogListItem,
  BlogPost,
  BlogPostInput,
  CustomerDetail,
  CustomerSummary,
  MailLogDetail,
  MailLogPage,
  MailPreview,
  MailTemplate,
  MailTemplateInput,
  MessageResponse,
  Page,
  PlanChangeResult,
  PlanName,
  SupportReply,
  SupportReplyInput,
} from "@changeradar/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../api/client";

/** The admin area's server data (one hook per call), and the public blog's. */

type Params = Record<string, string | number | undefined>;
const clean = (params: Params) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ""));
const get = async <T>(url: string, params: Params = {}) =>
  (await apiClient.get<T>(url, { params: clean(params) })).data;
const post = async <T>(url: string, body?: unknown) => (await apiClient.post<T>(url, body ?? {})).data;

export const adminKeys = {
  all: ["admin"] as const,
  dashboard: ["admin", "dashboard"] as const,
  audit: (p: Params) => ["admin", "audit", p] as const,
  customers: (p: Params) => ["admin", "customers", p] as const,
  customer: (id: string) => ["admin", "customer", id] as const,
  mailLog: (p: Params) => ["admin", "mail-log", p] as const,
  mail: (id: string) => ["admin", "mail", id] as const,
  templates: ["admin", "templates"] as const,
  blog: (p: Params) => ["admin", "blog", p] as const,
  post: (id: string) => ["admin", "post", id] as const,
};

export const useAdminDashboard = () =>
  useQuery({ queryKey: adminKeys.dashboard, queryFn: () => get<AdminDashboard>("/admin/dashboard") });

export const useAuditLog = (params: Params) =>
  useQuery({
    queryKey: adminKeys.audit(params),
    queryFn: () => get<Page<AuditEntry>>("/admin/audit", params),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (params: Params) =>
  useQuery({
    queryKey: adminKeys.customers(params),
    queryFn: () => get<Page<CustomerSummary>>("/admin/customers", params),
    placeholderData: keepPreviousData,
  });

export const useCustomer = (id: string) =>
  useQuery({
    queryKey: adminKeys.customer(id),
    queryFn: () => get<CustomerDetail>(`/admin/customers/${id}`),
  });

/** After any admin action the admin data is stale (figures, audit log, lists). */
function useAdminMutation<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useChangePlan = (id: string) =>
  useAdminMutation((planType: PlanName) =>
    post<PlanChangeResult>(`/admin/customers/${id}/plan`, { planType }),
  );
export const useSetDisabled = (id: string) =>
  useAdminMutation((disable: boolean) =>
    post<MessageResponse>(`/admin/customers/${id}/${disable ? "disable" : "enable"}`),
  );
export const useReplyToSupport = () =>
  useAdminMutation(({ requestId, message }: SupportReplyInput & { requestId: string }) =>
    post<SupportReply>(`/admin/support-requests/${requestId}/replies`, { message }),
  );

export const useMailLog = (params: Params) =>
  useQuery({
    queryKey: adminKeys.mailLog(params),
    queryFn: () => get<MailLogPage>("/admin/mail-log", params),
    placeholderData: keepPreviousData,
  });
export const useMail = (id: string | null) =>
  useQuery({
    queryKey: adminKeys.mail(id ?? ""),
    queryFn: () => get<MailLogDetail>(`/admin/mail-log/${id}`),
    enabled: Boolean(id),
  });

export const useMailTemplates = () =>
  useQuery({ queryKey: adminKeys.templates, queryFn: () => get<MailTemplate[]>("/admin/mail-templates") });
export const previewMailTemplate = (key: string, input: MailTemplateInput) =>
  post<MailPreview>(`/admin/mail-templates/${key}/preview`, input);
export const useSaveTemplate = (key: string) =>
  useAdminMutation(
    async (input: MailTemplateInput) =>
      (await apiClient.put<MailTemplate>(`/admin/mail-templates/${key}`, input)).data,
  );
export const useResetTemplate = (key: string) =>
  useAdminMutation(() => post<MailTemplate>(`/admin/mail-templates/${key}/reset`));
export const useTestSendTemplate = (key: string) =>
  useAdminMutation((to: string | undefined) =>
    post<{ message: string; status: string }>(`/admin/mail-templates/${key}/test`, to ? { to } : {}),
  );

export const useAdminBlog = (params: Params) =>
  useQuery({
    queryKey: adminKeys.blog(params),
    queryFn: () => get<Page<BlogListItem>>("/admin/blog", params),
    placeholderData: keepPreviousData,
  });
export const useAdminPost = (id: string | undefined) =>
  useQuery({
    queryKey: adminKeys.post(id ?? ""),
    queryFn: () => get<BlogPost>(`/admin/blog/${id}`),
    enabled: Boolean(id),
  });
export const previewMarkdown = (markdown: string) =>
  post<{ html: string }>("/admin/blog/preview", { markdown });
export const useSavePost = (id: string | undefined) =>
  useAdminMutation(async (input: BlogPostInput) =>
    id
      ? (await apiClient.put<BlogPost>(`/admin/blog/${id}`, input)).data
      : (await apiClient.post<BlogPost>("/admin/blog", input)).data,
  );
export const useSetPublished = () =>
  useAdminMutation(({ id, publish }: { id: string; publish: boolean }) =>
    post<BlogPost>(`/admin/blog/${id}/${publish ? "publish" : "unpublish"}`),
  );
export const useUploadCover = (id: string) =>
  useAdminMutation(async (file: File) => {
    const form = new FormData();
    form.append("cover", file);
    return (
      await apiClient.post<BlogPost>(`/admin/blog/${id}/cover`, form, { headers: { "Content-Type": null } })
    ).data;
  });
