import type {
  CreateFeedInput,
  Feed,
  ItemList,
  ListFeedsQuery,
  ShareExpiry,
  ShareLink,
} from "@changeradar/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../api/client";

/** The feed query of one scope: this screen always names the scope it shows. */
export type FeedFilter = ListFeedsQuery & Pick<Feed, "scope">;

const feedKeys = {
  all: ["feeds"] as const,
  list: (filter: FeedFilter) => ["feeds", filter] as const,
};
const shareKeys = { change: (changeId: string) => ["shares", changeId] as const };

/** The live private feed of one scope (at most one), or null. */
export function useFeed(filter: FeedFilter) {
  return useQuery({
    queryKey: feedKeys.list(filter),
    queryFn: async () =>
      (await apiClient.get<ItemList<Feed>>("/feeds", { params: filter })).data.items.find(
        (feed) => feed.scope === filter.scope,
      ) ?? null,
  });
}

export function useFeedMutations() {
  const client = useQueryClient();
  const options = { onSuccess: () => void client.invalidateQueries({ queryKey: feedKeys.all }) };
  return {
    create: useMutation({
      mutationFn: async (input: CreateFeedInput) => (await apiClient.post<Feed>("/feeds", input)).data,
      ...options,
    }),
    rotate: useMutation({
      mutationFn: async (id: string) => (await apiClient.post<Feed>(`/feeds/${id}/rotate`)).data,
      ...options,
    }),
    revoke: useMutation({
      mutationFn: async (id: string) => {
        await apiClient.delete(`/feeds/${id}`);
      },
      ...options,
    }),
  };
}

/** The live share links of one change. */
export function useShares(changeId: string) {
  return useQuery({
    queryKey: shareKeys.change(changeId),
    queryFn: async () => (await apiClient.get<ItemList<ShareLink>>(`/changes/${changeId}/shares`)).data.items,
  });
}

export function useShareMutations(changeId: string) {
  const client = useQueryClient();
  const options = {
    onSuccess: () => void client.invalidateQueries({ queryKey: shareKeys.change(changeId) }),
  };
  return {
    create: useMutation({
      mutationFn: async (expiresIn: ShareExpiry) =>
        (await apiClient.post<ShareLink>(`/changes/${changeId}/shares`, { expiresIn })).data,
      ...options,
    }),
    revoke: useMutation({
      mutationFn: async (id: string) => {
        await apiClient.delete(`/shares/${id}`);
      },
      ...options,
    }),
  };
}
