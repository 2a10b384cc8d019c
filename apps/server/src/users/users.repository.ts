import { eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { type UserRow, users } from "../db/schema";

export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<Omit<NewUser, "id" | "createdAt">>;

/** UUIDs are checked before querying, so a malformed id is simply "not found", never a SQL error. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => uuidPattern.test(value);

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  return row ?? null;
}

/** Returns null when the email is already taken. */
export async function insertUser(db: Database, user: NewUser): Promise<UserRow | null> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: normaliseEmail(user.email) })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row ?? null;
}

export async function updateUser(db: Database, id: string, changes: UserChanges): Promise<UserRow> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  if (!row) throw new Error(`user ${id} vanished during an update`);
  return row;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
