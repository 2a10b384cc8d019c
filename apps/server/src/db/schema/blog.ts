import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { blobs } from "./blobs";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

export const blogStatuses = ["draft", "published"] as const;

/** Blog posts written in the admin area; `html` is the sanitised rendering of `markdown`, made on save. */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    markdown: text("markdown").notNull(),
    html: text("html").notNull(),
    coverBlobId: text("cover_blob_id").references(() => blobs.id),
    status: text("status", { enum: blogStatuses }).notNull().default("draft"),
    publishedAt: timestamptz("published_at"),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_unique").on(t.slug),
    index("blog_posts_published_idx").on(t.status, t.publishedAt),
  ],
);
export type BlogPostRow = typeof blogPosts.$inferSelect;
