import type {
  ApiKey,
  AuthUser,
  FeedbackInput,
  FeedbackItem,
  GetHelpInput,
  ItemList,
  MessageResponse,
  NotificationPreferences,
  Profile,
  SupportRequest,
  TokenResponse,
  UpdateMerchantFields,
  UpdatePasswordInput,
} from "@changeradar/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../api/client";
import { useAuthStore } from "../../store/auth-store";

/** The profile form's fields, sent as multipart with an optional new avatar file. */
export type ProfileInput = UpdateMerchantFields & { avatar?: File | null };

export const accountKeys = {
  profile: ["account", "profile"] as const,
  apiKeys: ["account", "api-keys"] as const,
  feedback: ["account", "feedback"] as const,
  helpRequests: ["account", "help-requests"] as const,
};

const accountAreaApi = {
  profile: async () => (await apiClient.get<Profile>("/users/me")).data,
  updateProfile: async ({ firstName, lastName, avatar }: ProfileInput) => {
    const form = new FormData();
    form.append("firstName", firstName);
    form.append("lastName", lastName ?? "");
    if (avatar) form.append("avatar", avatar);
    // The client's JSON default must not be sent with a form: the browser sets the multipart boundary.
    return (
      await apiClient.patch<Profile>("/users/update-merchant", form, { headers: { "Content-Type": null } })
    ).data;
  },
  updatePassword: async (input: UpdatePasswordInput) =>
    (await apiClient.patch<MessageResponse>("/users/update-password", input)).data,
  updatePreferences: async (input: NotificationPreferences) =>
    (await apiClient.patch<TokenResponse>("/users/notification-preferences", input)).data,
  apiKeys: async () => (await apiClient.get<ItemList<ApiKey>>("/api-keys")).data.items,
  createApiKey: async (name: string) => (await apiClient.post<ApiKey>("/api-keys", { name })).data,
  revokeApiKey: async (id: string) => {
    await apiClient.delete(`/api-keys/${id}`);
  },
  feedback: async () => (await apiClient.get<ItemList<FeedbackItem>>("/feedback")).data.items,
  sendFeedback: async (input: FeedbackInput) => (await apiClient.post<FeedbackItem>("/feedback", input)).data,
  helpRequests: async () => (await apiClient.get<SupportRequest[]>("/users/gethelp")).data,
  requestHelp: async (input: GetHelpInput) =>
    (await apiClient.post<MessageResponse>("/users/gethelp", input)).data,
};

/** The user lives in the access token (spec §3): keep the store's copy in step with what the server saved. */
function keepUserInStep(user: Partial<AuthUser>, accessToken?: string) {
  const { auth, signIn } = useAuthStore.getState();
  if (!auth.user || !auth.accessToken) return;
  signIn({ ...auth.user, ...user }, accessToken ?? auth.accessToken);
}

export function useProfile() {
  return useQuery({ queryKey: accountKeys.profile, queryFn: accountAreaApi.profile });
}

export function useAccountSettingsMutations() {
  const client = useQueryClient();
  return {
    updateProfile: useMutation({
      mutationFn: accountAreaApi.updateProfile,
      onSuccess: (profile) => {
        client.setQueryData(accountKeys.profile, profile);
        keepUserInStep({ firstName: profile.firstName, lastName: profile.lastName });
      },
    }),
    updatePassword: useMutation({ mutationFn: accountAreaApi.updatePassword }),
    updatePreferences: useMutation({
      mutationFn: accountAreaApi.updatePreferences,
      onSuccess: (answer) => {
        keepUserInStep(answer.user, answer.accessToken);
        void client.invalidateQueries({ queryKey: accountKeys.profile });
      },
    }),
  };
}

export function useApiKeys(enabled: boolean) {
  return useQuery({ queryKey: accountKeys.apiKeys, queryFn: accountAreaApi.apiKeys, enabled });
}

export function useApiKeyMutations() {
  const client = useQueryClient();
  const onSuccess = () => void client.invalidateQueries({ queryKey: accountKeys.apiKeys });
  return {
    create: useMutation({ mutationFn: accountAreaApi.createApiKey, onSuccess }),
    revoke: useMutation({ mutationFn: accountAreaApi.revokeApiKey, onSuccess }),
  };
}

export function useFeedbackHistory() {
  return useQuery({ queryKey: accountKeys.feedback, queryFn: accountAreaApi.feedback });
}

export function useSendFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: accountAreaApi.sendFeedback,
    onSuccess: () => void client.invalidateQueries({ queryKey: accountKeys.feedback }),
  });
}

export function useHelpRequests() {
  return useQuery({ queryKey: accountKeys.helpRequests, queryFn: accountAreaApi.helpRequests });
}

export function useRequestHelp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: accountAreaApi.requestHelp,
    onSuccess: () => void client.invalidateQueries({ queryKey: accountKeys.helpRequests }),
  });
}
