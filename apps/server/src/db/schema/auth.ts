import { boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

/**
 * Refresh tokens (DESIGN §4). Only the sha-256 of a token is stored. Every token of one sign-in shares a
 * family; presenting a token that was already rotated revokes the whole family.
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    /** "Keep me signed in": the cookie outlives the browser session. */
    persistent: boolean("persistent").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    rotatedAt: timestamptz("rotated_at"),
    revokedAt: timestamptz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId), index("refresh_tokens_user_idx").on(t.userId)],
);

export const passcodePurposes = ["verify_email", "reset_password"] as const;
export type PasscodePurpose = (typeof passcodePurposes)[number];

/** Six-digit codes sent by email, stored hashed; void after expiry, use, or too many wrong attempts. */
export const passcodes = pgTable(
  "passcodes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: passcodePurposes }).notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    consumedAt: timestamptz("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("passcodes_user_purpose_idx").on(t.userId, t.purpose)],
);

/**
 * A verified reset code grants one password reset within a short window, to whoever verified it: they
 * alone received the random token whose sha-256 is stored here.
 */
export const passwordResetGrants = pgTable(
  "password_reset_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamptz("expires_at").notNull(),
    consumedAt: timestamptz("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_grants_user_idx").on(t.userId)],
);
