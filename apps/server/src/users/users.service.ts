import type { Profile, updateMerchantFieldsSchema, updatePasswordSchema } from "@changeradar/contracts";
import type { z } from "zod";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { endOtherSessions } from "../auth/sessions.service";
import { getBlob, putBlob, type StoredBlob } from "../blobs/blobs.repository";
import type { ServiceContext } from "../context";
import type { UserContext } from "../entitlements";
import { Invalid, NotFound } from "../http/errors";
import { toProfile } from "./users.presenter";
import { findUserById, updateUser } from "./users.repository";

type Ctx = UserContext<"db" | "config" | "clock" | "log">;

export interface AvatarUpload {
  data: Buffer;
  contentType: string;
}

export async function getProfile(ctx: Ctx): Promise<Profile> {
  const row = await findUserById(ctx.db, ctx.user.id);
  if (!row) throw new NotFound("Account not found.");
  return toProfile(row);
}

/** PATCH /users/update-merchant: names, and the avatar when one was sent. */
export async function updateProfile(
  ctx: Ctx,
  input: { fields: z.output<typeof updateMerchantFieldsSchema>; avatar: AvatarUpload | null },
): Promise<Profile> {
  const { fields, avatar } = input;
  const avatarBlobId = avatar
    ? await putBlob(ctx.db, avatar.data, avatar.contentType, { compress: false })
    : undefined;
  const row = await updateUser(ctx.db, ctx.user.id, {
    firstName: fields.firstName,
    lastName: fields.lastName,
    ...(avatarBlobId ? { avatarBlobId } : {}),
  });
  return toProfile(row);
}

/** PATCH /users/update-password: needs the current password; other sessions end, this one stays. */
export async function changePassword(
  ctx: Ctx,
  input: z.output<typeof updatePasswordSchema> & { currentSessionId: string | null },
): Promise<{ message: string }> {
  const row = await findUserById(ctx.db, ctx.user.id);
  if (!row) throw new NotFound("Account not found.");
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw Invalid.field("currentPassword", "The current password is not correct.");
  }
  await updateUser(ctx.db, ctx.user.id, { passwordHash: await hashPassword(input.newPassword) });
  await endOtherSessions(ctx, { userId: ctx.user.id, currentSessionId: input.currentSessionId });
  return { message: "Password updated successfully!" };
}

/** Avatars are public (an <img> cannot send a bearer token), but only blobs that are someone's avatar. */
export async function getAvatar(ctx: ServiceContext<"db">, input: { userId: string }): Promise<StoredBlob> {
  const row = await findUserById(ctx.db, input.userId);
  const blob = row?.avatarBlobId ? await getBlob(ctx.db, row.avatarBlobId) : null;
  if (!blob) throw new NotFound("No avatar.");
  return blob;
}
