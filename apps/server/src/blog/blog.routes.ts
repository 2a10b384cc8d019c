import {
  blogListSchema,
  blogPostInputSchema,
  blogPostSchema,
  blogPreviewInputSchema,
  blogPreviewSchema,
  blogQuerySchema,
  publicBlogListSchema,
  publicBlogPostSchema,
} from "@changeradar/contracts";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { asAdmin } from "../admin/admin-actor";
import type { AppContext } from "../context";
import { Invalid, PayloadTooLarge } from "../http/errors";
import { type Api, binaryAnswer, failures, idParams, textAnswer } from "../http/route-schema";
import { sendImage } from "../http/send-image";
import { detectAvatarType } from "../users/avatar";
import { listPublished } from "./blog.repository";
import {
  adminPost,
  adminPosts,
  createPost,
  editPost,
  postCover,
  publishedPost,
  publishedPosts,
  setCover,
  setPublished,
} from "./blog.service";
import { markdownToSafeHtml } from "./markdown";
import { rssFeed } from "./rss";

/** Public reading (/blog pages, RSS) and the admin area's writing (DECISIONS 5: admin routes 401/403). */
export function registerBlogRoutes(api: Api, ctx: AppContext): void {
  const tags = ["Blog"];
  api.get(
    "/blog/posts",
    {
      schema: {
        tags,
        security: [],
        summary: "Published posts, newest first",
        response: { 200: publicBlogListSchema },
      },
    },
    async () => publishedPosts(ctx),
  );
  api.get(
    "/blog/posts/by-slug/:slug",
    {
      schema: {
        tags,
        security: [],
        summary: "A published post by its address",
        params: z.object({ slug: z.string() }),
        response: { 200: publicBlogPostSchema },
      },
    },
    async (request) => publishedPost(ctx, { slug: request.params.slug }),
  );
  api.get(
    "/blog/posts/:id/cover",
    {
      schema: {
        tags,
        security: [],
        summary: "A post's cover image",
        params: idParams,
        response: { 200: binaryAnswer("image/*") },
      },
    },
    async (request, reply) => sendImage(reply, await postCover(ctx, { id: request.params.id })),
  );
  api.get(
    "/blog/rss.xml",
    {
      schema: {
        tags,
        security: [],
        summary: "Published posts as RSS 2.0",
        response: { 200: textAnswer("application/rss+xml") },
      },
    },
    async (_request, reply) => {
      const feed = rssFeed(ctx.config.appUrl, await listPublished(ctx.db, 50));
      return reply.type("application/rss+xml; charset=utf-8").header("Cache-Control", "no-cache").send(feed);
    },
  );

  const admin = { preHandler: api.requireAdmin };
  const adminTags = ["Admin"];
  api.get(
    "/admin/blog",
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: "Blog posts, drafts included",
        querystring: blogQuerySchema,
        response: { 200: blogListSchema, ...failures(400) },
      },
    },
    async (request) => adminPosts(ctx, request.query),
  );
  api.post(
    "/admin/blog",
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: "Write a blog post (a draft until published)",
        body: blogPostInputSchema,
        response: { 200: blogPostSchema, ...failures(400, 409) },
      },
    },
    async (request) => createPost(asAdmin(ctx, request), request.body),
  );
  api.post(
    "/admin/blog/preview",
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: "Render Markdown as a post would show it",
        body: blogPreviewInputSchema,
        response: { 200: blogPreviewSchema, ...failures(400) },
      },
    },
    async (request) => ({ html: await markdownToSafeHtml(request.body.markdown) }),
  );
  api.get(
    "/admin/blog/:id",
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: "One blog post",
        params: idParams,
        response: { 200: blogPostSchema },
      },
    },
    async (request) => adminPost(ctx, { id: request.params.id }),
  );
  api.put(
    "/admin/blog/:id",
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: "Edit a blog post",
        params: idParams,
        body: blogPostInputSchema,
        response: { 200: blogPostSchema, ...failures(400, 409) },
      },
    },
    async (request) => editPost(asAdmin(ctx, request), { ...request.body, id: request.params.id }),
  );
  for (const [action, publish] of [
    ["publish", true],
    ["unpublish", false],
  ] as const) {
    api.post(
      `/admin/blog/:id/${action}`,
      {
        ...admin,
        schema: {
          tags: adminTags,
          summary: publish ? "Publish a blog post" : "Take a blog post back to draft",
          params: idParams,
          response: { 200: blogPostSchema },
        },
      },
      async (request) => setPublished(asAdmin(ctx, request), { id: request.params.id, publish }),
    );
  }
  api.post(
    "/admin/blog/:id/cover",
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: "Set a post's cover image",
        description: "A multipart/form-data form with one `cover` file (PNG, JPEG or WebP, up to 2 MB).",
        params: idParams,
        response: { 200: blogPostSchema, ...failures(400, 413) },
      },
    },
    async (request) =>
      setCover(asAdmin(ctx, request), { id: request.params.id, image: await readCover(request) }),
  );
}

const coverTypeMessage = "The cover must be a PNG, JPEG or WebP image.";

/** One `cover` file; its type is recognised from its bytes, like avatars. */
async function readCover(request: FastifyRequest) {
  if (!request.isMultipart()) throw new Invalid("This request must be sent as multipart/form-data.");
  let cover: { data: Buffer; contentType: string } | null = null;
  for await (const part of request.parts()) {
    if (part.type === "field" || part.fieldname !== "cover")
      throw Invalid.field(part.fieldname, "Unknown field");
    const data = await part.toBuffer().catch((error: { code?: string }) => {
      throw error.code === "FST_REQ_FILE_TOO_LARGE"
        ? new PayloadTooLarge("The cover must be 2 MB or smaller.")
        : error;
    });
    const contentType = detectAvatarType(data);
    if (!contentType) throw Invalid.field("cover", coverTypeMessage);
    cover = { data, contentType };
  }
  if (!cover) throw Invalid.field("cover", "Choose an image to upload.");
  return cover;
}
