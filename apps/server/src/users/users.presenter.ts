import type { AuthUser, Profile } from "@changeradar/contracts";
import type { UserRow } from "../db/schema";

/** Rows never leave the server as they are (STYLE 5): these map them to the public shapes. */
export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    planStatus: row.planStatus,
    planType: row.planType,
    isAdmin: row.isAdmin,
    emailVerified: row.emailVerifiedAt !== null,
    notificationPreferences: row.notificationPreferences,
  };
}

export function avatarUrl(row: Pick<UserRow, "id" | "avatarBlobId">): string | null {
  // The blob id (a content hash) in the query makes the URL change with the picture, so it can be cached.
  return row.avatarBlobId ? `/api/v1/users/avatar/${row.id}?v=${row.avatarBlobId.slice(0, 16)}` : null;
}

export function toProfile(row: UserRow): Profile {
  return {
    ...toAuthUser(row),
    avatarUrl: avatarUrl(row),
    period: row.period,
    createdAt: row.createdAt.toISOString(),
  };
}
