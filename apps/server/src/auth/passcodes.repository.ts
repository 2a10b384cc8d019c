import { and, desc, eq, gt, isNull, lt, notInArray, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { type PasscodePurpose, passcodes, passwordResetGrants } from "../db/schema";

export type PasscodeRow = typeof passcodes.$inferSelect;

/**
 * How many codes of one purpose stay usable at once. A resend must not void a code that is still valid
 * (its email may simply arrive late), yet each guess is compared with every live code, so the window
 * stays small; a guess spends an attempt on each of them (claimPasscodeAttempts).
 */
export const liveCodesKept = 3;

/** Issues a new code; earlier live ones stay usable until they expire, except beyond the newest `liveCodesKept`. */
export async function issuePasscode(
  db: Database,
  code: typeof passcodes.$inferInsert,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(passcodes).values(code);
    const kept = tx
      .select({ id: passcodes.id })
      .from(passcodes)
      .where(liveOf(code.userId, code.purpose, now))
      .orderBy(desc(passcodes.createdAt), desc(passcodes.id))
      .limit(liveCodesKept);
    await tx
      .update(passcodes)
      .set({ consumedAt: now })
      .where(and(liveOf(code.userId, code.purpose, now), notInArray(passcodes.id, kept)));
  });
}

function liveOf(userId: string, purpose: PasscodePurpose, now: Date) {
  return and(
    eq(passcodes.userId, userId),
    eq(passcodes.purpose, purpose),
    isNull(passcodes.consumedAt),
    gt(passcodes.expiresAt, now),
  );
}

/**
 * Spends one attempt on each of the user's live codes of `purpose` and returns those that had one left, in
 * one atomic UPDATE: however many guesses arrive at once, no code is ever compared more than `maxAttempts` times.
 */
export async function claimPasscodeAttempts(
  db: Database,
  userId: string,
  purpose: PasscodePurpose,
  maxAttempts: number,
  now: Date,
): Promise<Pick<PasscodeRow, "id" | "codeHash">[]> {
  return db
    .update(passcodes)
    .set({ attempts: sql`${passcodes.attempts} + 1` })
    .where(and(liveOf(userId, purpose, now), lt(passcodes.attempts, maxAttempts)))
    .returning({ id: passcodes.id, codeHash: passcodes.codeHash });
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

/**
 * Uses the matched code and voids the user's other live codes of the same purpose (one proof is enough).
 * False when a concurrent request used the code first.
 */
export async function consumePasscode(
  db: Database,
  code: { id: string; userId: string; purpose: PasscodePurpose },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(passcodes)
      .set({ consumedAt: now })
      .where(and(eq(passcodes.id, code.id), isNull(passcodes.consumedAt)))
      .returning({ id: passcodes.id });
    if (rows.length !== 1) return false;
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
    return true;
  });
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
