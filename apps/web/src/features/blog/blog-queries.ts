import type { PublicBlogList, PublicBlogPost } from "@changeradar/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../../api/client";

/** The public blog's reads (published posts only). */
export const usePublicPosts = () =>
  useQuery({
    queryKey: ["blog", "posts"],
    queryFn: async () => (await apiClient.get<PublicBlogList>("/blog/posts")).data,
  });

export const usePublicPost = (slug: string) =>
  useQuery({
    queryKey: ["blog", "post", slug],
    queryFn: async () => (await apiClient.get<PublicBlogPost>(`/blog/posts/by-slug/${slug}`)).data,
    retry: false,
  });
