import type {
  BlogListItem,
  BlogPost,
  blogPostInputSchema,
  Page,
  PublicBlogPost,
} from "@changeradar/contracts";
import type { z } from "zod";
import type { AdminContext } from "../admin/admin-actor";
import { audit } from "../audit/audit.service";
import { getBlob, putBlob, type StoredBlob } from "../blobs/blobs.repository";
import type { ServiceContext } from "../context";
import { Conflict, NotFound } from "../http/errors";
import { presentListItem, presentPost, presentPublicItem, presentPublicPost } from "./blog.presenter";
import {
  type BlogPostRow,
  findPostById,
  findPublishedBySlug,
  insertPost,
  listPosts,
  listPublished,
  slugTaken,
  updatePost,
} from "./blog.repository";
import { markdownToSafeHtml, plainExcerpt } from "./markdown";
import { firstFreeSlug, slugify } from "./slug";

type Ctx = ServiceContext<"db" | "clock">;
type AdminCtx = AdminContext<"db" | "clock">;
type PostInput = z.output<typeof blogPostInputSchema>;

async function postOr404(ctx: Ctx, id: string): Promise<BlogPostRow> {
  const post = await findPostById(ctx.db, id);
  if (!post) throw new NotFound("No blog post with this id.");
  return post;
}

/** A typed slug must be free; an empty one is made from the title (with -2, -3… when taken). */
async function chooseSlug(ctx: Ctx, input: PostInput, exceptId?: string): Promise<string> {
  if (input.slug) {
    if (await slugTaken(ctx.db, input.slug, exceptId)) {
      throw new Conflict("Another post already uses this slug. Choose another one.");
    }
    return input.slug;
  }
  return firstFreeSlug(slugify(input.title), (slug) => slugTaken(ctx.db, slug, exceptId));
}

async function contentOf(input: PostInput) {
  return {
    title: input.title,
    markdown: input.markdown,
    html: await markdownToSafeHtml(input.markdown),
    excerpt: input.excerpt || plainExcerpt(input.markdown),
  };
}

export async function createPost(ctx: AdminCtx, input: PostInput): Promise<BlogPost> {
  const { actor } = ctx;
  const slug = await chooseSlug(ctx, input);
  const content = await contentOf(input);
  const row = await ctx.db.transaction(async (tx) => {
    const post = await insertPost(tx, { ...content, slug, authorId: actor.id });
    await audit(
      { db: tx, actor },
      {
        action: "blog.create",
        targetType: "blog_post",
        targetId: post.id,
        targetLabel: post.title,
        changes: { slug, status: "draft" },
      },
    );
    return post;
  });
  return presentPost(row);
}

export async function editPost(
  ctx: AdminCtx,
  { id, ...input }: PostInput & { id: string },
): Promise<BlogPost> {
  const { actor } = ctx;
  const before = await postOr404(ctx, id);
  const slug = input.slug ? await chooseSlug(ctx, input, id) : before.slug;
  const content = await contentOf(input);
  const row = await ctx.db.transaction(async (tx) => {
    const post = await updatePost(tx, id, { ...content, slug, updatedAt: ctx.clock.now() });
    const changes: Record<string, unknown> = {};
    if (before.title !== post.title) changes.title = { from: before.title, to: post.title };
    if (before.slug !== post.slug) changes.slug = { from: before.slug, to: post.slug };
    if (before.excerpt !== post.excerpt) changes.excerpt = { from: before.excerpt, to: post.excerpt };
    if (before.markdown !== post.markdown)
      changes.markdown = { fromLength: before.markdown.length, toLength: post.markdown.length };
    await audit(
      { db: tx, actor },
      {
        action: "blog.edit",
        targetType: "blog_post",
        targetId: id,
        targetLabel: post.title,
        changes,
      },
    );
    return post;
  });
  return presentPost(row);
}

export async function setPublished(
  ctx: AdminCtx,
  input: { id: string; publish: boolean },
): Promise<BlogPost> {
  const { actor } = ctx;
  const { id, publish } = input;
  const before = await postOr404(ctx, id);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const post = await updatePost(tx, id, {
      status: publish ? "published" : "draft",
      // The first publication date stays when a post is taken down and published again.
      publishedAt: publish ? (before.publishedAt ?? now) : before.publishedAt,
      updatedAt: now,
    });
    await audit(
      { db: tx, actor },
      {
        action: publish ? "blog.publish" : "blog.unpublish",
        targetType: "blog_post",
        targetId: id,
        targetLabel: post.title,
        changes: { status: { from: before.status, to: post.status } },
      },
    );
    return post;
  });
  return presentPost(row);
}

export async function setCover(
  ctx: AdminCtx,
  input: { id: string; image: { data: Buffer; contentType: string } },
): Promise<BlogPost> {
  const { actor } = ctx;
  const { id, image } = input;
  const before = await postOr404(ctx, id);
  const row = await ctx.db.transaction(async (tx) => {
    const coverBlobId = await putBlob(tx, image.data, image.contentType, { compress: false });
    const post = await updatePost(tx, id, { coverBlobId, updatedAt: ctx.clock.now() });
    await audit(
      { db: tx, actor },
      {
        action: "blog.edit",
        targetType: "blog_post",
        targetId: id,
        targetLabel: post.title,
        changes: { cover: { from: before.coverBlobId, to: coverBlobId, contentType: image.contentType } },
      },
    );
    return post;
  });
  return presentPost(row);
}

export async function adminPosts(
  ctx: Ctx,
  input: { status?: "draft" | "published"; q?: string; page: number; pageSize: number },
): Promise<Page<BlogListItem>> {
  const { page, pageSize, ...filter } = input;
  const paging = { page, pageSize };
  const { rows, total } = await listPosts(ctx.db, filter, {
    offset: (paging.page - 1) * paging.pageSize,
    limit: paging.pageSize,
  });
  return { items: rows.map(presentListItem), total, ...paging };
}

export async function adminPost(ctx: Ctx, input: { id: string }): Promise<BlogPost> {
  return presentPost(await postOr404(ctx, input.id));
}

export async function publishedPosts(ctx: Ctx, input: { limit?: number } = {}) {
  return { items: (await listPublished(ctx.db, input.limit ?? 50)).map(presentPublicItem) };
}

export async function publishedPost(ctx: Ctx, input: { slug: string }): Promise<PublicBlogPost> {
  const post = await findPublishedBySlug(ctx.db, input.slug);
  if (!post) throw new NotFound("No published post at this address.");
  return presentPublicPost(post);
}

/** A post's cover; drafts' covers too (the admin editor shows them), but only blobs that are a cover. */
export async function postCover(ctx: Ctx, input: { id: string }): Promise<StoredBlob> {
  const post = await findPostById(ctx.db, input.id);
  const blob = post?.coverBlobId ? await getBlob(ctx.db, post.coverBlobId) : null;
  if (!blob) throw new NotFound("This post has no cover image.");
  return blob;
}
