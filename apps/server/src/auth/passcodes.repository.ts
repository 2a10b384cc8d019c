import { and, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { type PasscodePurpose, passcodes, passwordResetGrants } from "../db/schema";

export type PasscodeRow = typeof passcodes.$inferSelect;

/** Issues a new code and voids the earlier ones of the same purpose: only the latest email counts. */
export async function replacePasscode(
  db: Database,
  code: typeof passcodes.$inferInsert,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(passcodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(passcodes.userId, code.userId),
          eq(passcodes.purpose, code.purpose),
          isNull(passcodes.consumedAt),
        ),
      );
    await tx.insert(passcodes).values(code);
  });
}

/**
 * Spends one attempt on the user's live code of `purpose` and returns it, in one atomic UPDATE: however
 * many guesses arrive at once, at most `maxAttempts` of them ever get a code to compare with.
 */
export async function claimPasscodeAttempt(
  db: Database,
  userId: string,
  purpose: PasscodePurpose,
  maxAttempts: number,
  now: Date,
): Promise<Pick<PasscodeRow, "id" | "codeHash"> | null> {
  const latest = db
    .select({ id: passcodes.id })
    .from(passcodes)
    .where(
      and(
        eq(passcodes.userId, userId),
        eq(passcodes.purpose, purpose),
        isNull(passcodes.consumedAt),
        gt(passcodes.expiresAt, now),
      ),
    )
    .orderBy(desc(passcodes.createdAt))
    .limit(1);
  const [row] = await db
    .update(passcodes)
    .set({ attempts: sql`${passcodes.attempts} + 1` })
    .where(
      and(
        inArray(passcodes.id, latest),
        lt(passcodes.attempts, maxAttempts),
        isNull(passcodes.consumedAt),
        gt(passcodes.expiresAt, now),
      ),
    )
    .returning({ id: passcodes.id, codeHash: passcodes.codeHash });
  return row ?? null;
}

export async function latestPasscodePurpose(db: Database, userId: string): Promise<PasscodePurpose | null> {
  const [row] = await db
    .select({ purpose: passcodes.purpose })
    .from(passcodes)
    .where(eq(passcodes.userId, userId))
    .orderBy(desc(passcodes.createdAt))
    .limit(1);
  return row?.purpose ?? null;
}

/** False when a concurrent request used the code first. */
export async function consumePasscode(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(passcodes)
    .set({ consumedAt: now })
    .where(and(eq(passcodes.id, id), isNull(passcodes.consumedAt)))
    .returning({ id: passcodes.id });
  return rows.length === 1;
}

export async function grantPasswordReset(
  db: Database,
  grant: { userId: string; tokenHash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  const { userId } = grant;
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetGrants)
      .set({ consumedAt: now })
      .where(and(eq(passwordResetGrants.userId, userId), isNull(passwordResetGrants.consumedAt)));
    await tx.insert(passwordResetGrants).values(grant);
  });
}

/** Uses up the user's live reset grant with this token; false when there is none. */
export async function consumePasswordResetGrant(
  db: Database,
  userId: string,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(passwordResetGrants)
    .set({ consumedAt: now })
    .where(
      and(
        eq(passwordResetGrants.userId, userId),
        eq(passwordResetGrants.tokenHash, tokenHash),
        isNull(passwordResetGrants.consumedAt),
        gt(passwordResetGrants.expiresAt, now),
      ),
    )
    .returning({ id: passwordResetGrants.id });
  return rows.length > 0;
}
