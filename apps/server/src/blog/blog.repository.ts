import { and, count, desc, eq, ilike, ne, or, type SQL } from "drizzle-orm";
import type { Database } from "../db/database";
import { escapeLike } from "../db/like";
import { type BlogPostRow, blogPosts } from "../db/schema";
import { isUuid } from "../users/users.repository";

export type { BlogPostRow };
export type BlogPostChanges = Partial<Omit<typeof blogPosts.$inferInsert, "id" | "createdAt">>;

export async function insertPost(db: Database, post: typeof blogPosts.$inferInsert): Promise<BlogPostRow> {
  const [row] = await db.insert(blogPosts).values(post).returning();
  return row!;
}

export async function updatePost(db: Database, id: string, changes: BlogPostChanges): Promise<BlogPostRow> {
  const [row] = await db.update(blogPosts).set(changes).where(eq(blogPosts.id, id)).returning();
  if (!row) throw new Error(`blog post ${id} vanished during an update`);
  return row;
}

export async function findPostById(db: Database, id: string): Promise<BlogPostRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return row ?? null;
}

export async function findPublishedBySlug(db: Database, slug: string): Promise<BlogPostRow | null> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.status, "published")))
    .limit(1);
  return row ?? null;
}

export async function slugTaken(db: Database, slug: string, exceptId?: string): Promise<boolean> {
  const conditions = [eq(blogPosts.slug, slug)];
  if (exceptId) conditions.push(ne(blogPosts.id, exceptId));
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

export async function listPosts(
  db: Database,
  filter: { status?: "draft" | "published"; q?: string },
  page: { offset: number; limit: number },
): Promise<{ rows: BlogPostRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(blogPosts.status, filter.status));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(or(ilike(blogPosts.title, pattern), ilike(blogPosts.slug, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(blogPosts)
    .where(where)
    .orderBy(desc(blogPosts.updatedAt))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(blogPosts).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function listPublished(db: Database, limit: number): Promise<BlogPostRow[]> {
  return db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.status, "published"))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(limit);
}
