import { blogPostInputSchema, blogQuerySchema } from "@changeradar/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { adminActor } from "../admin/admin-actor";
import type { AppContext } from "../context";
import { Invalid, PayloadTooLarge } from "../http/errors";
import { sendImage } from "../http/send-image";
import { validate } from "../http/validate";
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

type Id = { Params: { id: string } };
const previewSchema = z.strictObject({ markdown: z.string().max(200_000) });

/** Public reading (/blog pages, RSS) and the admin area's writing (DECISIONS 5: admin routes 401/403). */
export function registerBlogRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get("/blog/posts", async () => publishedPosts(ctx));
  api.get<{ Params: { slug: string } }>("/blog/posts/by-slug/:slug", async (request) =>
    publishedPost(ctx, request.params.slug),
  );
  api.get<Id>("/blog/posts/:id/cover", async (request, reply) => {
    return sendImage(reply, await postCover(ctx, request.params.id));
  });
  api.get("/blog/rss.xml", async (_request, reply) => {
    const feed = rssFeed(ctx.config.appUrl, await listPublished(ctx.db, 50));
    return reply.type("application/rss+xml; charset=utf-8").header("Cache-Control", "no-cache").send(feed);
  });

  const admin = { preHandler: api.requireAdmin };
  api.get("/admin/blog", admin, async (request) => {
    const { page, pageSize, ...filter } = validate(blogQuerySchema, request.query);
    return adminPosts(ctx, filter, { page, pageSize });
  });
  api.post("/admin/blog", admin, async (request) =>
    createPost(ctx, adminActor(request.user), validate(blogPostInputSchema, request.body)),
  );
  api.post("/admin/blog/preview", admin, async (request) => ({
    html: await markdownToSafeHtml(validate(previewSchema, request.body).markdown),
  }));
  api.get<Id>("/admin/blog/:id", admin, async (request) => adminPost(ctx, request.params.id));
  api.put<Id>("/admin/blog/:id", admin, async (request) =>
    editPost(ctx, adminActor(request.user), request.params.id, validate(blogPostInputSchema, request.body)),
  );
  api.post<Id>("/admin/blog/:id/publish", admin, async (request) =>
    setPublished(ctx, adminActor(request.user), request.params.id, true),
  );
  api.post<Id>("/admin/blog/:id/unpublish", admin, async (request) =>
    setPublished(ctx, adminActor(request.user), request.params.id, false),
  );
  api.post<Id>("/admin/blog/:id/cover", admin, async (request) =>
    setCover(ctx, adminActor(request.user), request.params.id, await readCover(request)),
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
