import { z } from "zod";
import { pageOf, pageQuerySchema } from "./paging";

/** The blog: written in the admin area, read publicly at /blog (issue #9 §3). */

export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const blogPostInputSchema = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, "Please enter a title.")
    .max(200, "The title is too long (200 characters at most)."),
  /** Empty or absent: made from the title. */
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(120, "The slug is too long (120 characters at most).")
    .refine((s) => s === "" || slugPattern.test(s), "Use lower-case letters, digits and single hyphens only.")
    .optional(),
  excerpt: z.string().trim().max(500, "The excerpt is too long (500 characters at most).").default(""),
  markdown: z
    .string()
    .max(200_000, "The post is too long (200,000 characters at most).")
    .refine((s) => s.trim().length > 0, "Please write the post."),
});
export type BlogPostInput = z.input<typeof blogPostInputSchema>;

export const blogQuerySchema = z.strictObject({
  status: z.enum(["draft", "published"]).optional(),
  q: z.string().trim().max(200).optional(),
  ...pageQuerySchema.shape,
});

export const blogPostSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  markdown: z.string(),
  html: z.string(),
  coverUrl: z.string().nullable(),
  status: z.enum(["draft", "published"]),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/** What the public list shows: no Markdown source. */
export const publicBlogPostSchema = blogPostSchema.omit({ markdown: true, status: true });
export type PublicBlogPost = z.infer<typeof publicBlogPostSchema>;
export const blogListSchema = pageOf(blogPostSchema.omit({ markdown: true, html: true }));
export type BlogListItem = z.infer<typeof blogListSchema>["items"][number];
export const publicBlogListSchema = z.object({
  items: z.array(publicBlogPostSchema.omit({ html: true })),
});
export type PublicBlogList = z.infer<typeof publicBlogListSchema>;
export type PublicBlogListItem = PublicBlogList["items"][number];

/** POST /admin/blog/preview: Markdown rendered as the post would show it. */
export const blogPreviewInputSchema = z.strictObject({ markdown: z.string().max(200_000) });
export const blogPreviewSchema = z.object({ html: z.string() });
