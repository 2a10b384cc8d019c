import type {
  Channel,
  ChannelTestResult,
  CreateChannelInput,
  ItemList,
  ListNotificationsQuery,
  NotificationPage,
  UnreadCount,
  VerifyChannelInput,
} from "@changeradar/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../api/client";
import { dashboardKeys } from "../dashboard/dashboard-queries";

export const notificationKeys = {
  all: ["notifications"] as const,
  list: (filters: ListNotificationsQuery) => ["notifications", "list", filters] as const,
  unread: ["notifications", "unread"] as const,
  channels: ["channels"] as const,
};

const notificationsApi = {
  list: async (filters: ListNotificationsQuery) =>
    (await apiClient.get<NotificationPage>("/notifications", { params: filters })).data,
  unread: async () => (await apiClient.get<UnreadCount>("/notifications/unread-count")).data.count,
  markRead: async (id: string) => {
    await apiClient.post(`/notifications/${id}/read`);
  },
  markAllRead: async () => {
    await apiClient.post("/notifications/read-all");
  },
};

const channelsApi = {
  list: async () => (await apiClient.get<ItemList<Channel>>("/channels")).data.items,
  create: async (input: CreateChannelInput) => (await apiClient.post<Channel>("/channels", input)).data,
  remove: async (id: string) => {
    await apiClient.delete(`/channels/${id}`);
  },
  test: async (id: string) => (await apiClient.post<ChannelTestResult>(`/channels/${id}/test`)).data,
  verify: async ({ id, code }: VerifyChannelInput & { id: string }) =>
    (await apiClient.post<Channel>(`/channels/${id}/verify`, { code })).data,
  resendVerification: async (id: string) => {
    await apiClient.post(`/channels/${id}/resend-verification`);
  },
};

export function useNotifications(filters: ListNotificationsQuery) {
  return useQuery({
    queryKey: notificationKeys.list(filters),
    queryFn: () => notificationsApi.list(filters),
    placeholderData: keepPreviousData,
  });
}

export function useUnreadCount() {
  return useQuery({ queryKey: notificationKeys.unread, queryFn: notificationsApi.unread });
}

export function useNotificationMutations() {
  const client = useQueryClient();
  const onSuccess = () => void client.invalidateQueries({ queryKey: notificationKeys.all });
  return {
    markRead: useMutation({ mutationFn: notificationsApi.markRead, onSuccess }),
    markAllRead: useMutation({ mutationFn: notificationsApi.markAllRead, onSuccess }),
  };
}

export function useChannels() {
  return useQuery({ queryKey: notificationKeys.channels, queryFn: channelsApi.list });
}

export function useChannelMutations() {
  const client = useQueryClient();
  const onSuccess = () => void client.invalidateQueries({ queryKey: notificationKeys.channels });
  // The dashboard's first-run checklist counts channels.
  const onChannelsChanged = () => {
    onSuccess();
    void client.invalidateQueries({ queryKey: dashboardKeys.all });
  };
  return {
    create: useMutation({ mutationFn: channelsApi.create, onSuccess: onChannelsChanged }),
    remove: useMutation({ mutationFn: channelsApi.remove, onSuccess: onChannelsChanged }),
    test: useMutation({ mutationFn: channelsApi.test, onSuccess }),
    verify: useMutation({ mutationFn: channelsApi.verify, onSuccess }),
    resendVerification: useMutation({ mutationFn: channelsApi.resendVerification }),
  };
}
