import {
  messageResponseSchema,
  profileSchema,
  updateMerchantFieldsSchema,
  updatePasswordSchema,
} from "@changeradar/contracts";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { sessionIdOf } from "../auth/access-token";
import type { AppContext } from "../context";
import { asUser } from "../entitlements";
import { Invalid, PayloadTooLarge } from "../http/errors";
import { type Api, binaryAnswer, failures } from "../http/route-schema";
import { sendImage } from "../http/send-image";
import { validate } from "../http/validate";
import { avatarSizeMessage, avatarTypeMessage, detectAvatarType } from "./avatar";
import { type AvatarUpload, changePassword, getAvatar, getProfile, updateProfile } from "./users.service";

/** The signed-in user's own account (spec §7; DECISIONS: Account Settings). */
export function registerUserRoutes(api: Api, ctx: AppContext): void {
  const signedIn = { preHandler: api.authenticate };
  const tags = ["Account"];

  api.get(
    "/users/me",
    { ...signedIn, schema: { tags, summary: "Your profile", response: { 200: profileSchema } } },
    async (request) => getProfile(asUser(ctx, request)),
  );

  api.patch(
    "/users/update-merchant",
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Update your name, company and avatar",
        description:
          "A multipart/form-data form: the text fields of `updateMerchantFields` and at most one `avatar` file (PNG, JPEG or WebP).",
        response: { 200: profileSchema, ...failures(400, 413) },
      },
    },
    async (request) => {
      const { fields, avatar } = await readProfileForm(request);
      return updateProfile(asUser(ctx, request), {
        fields: validate(updateMerchantFieldsSchema, fields),
        avatar,
      });
    },
  );

  api.patch(
    "/users/update-password",
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Change your password",
        description: "Ends your other sessions.",
        body: updatePasswordSchema,
        response: { 200: messageResponseSchema, ...failures(400) },
      },
    },
    async (request) => {
      const sessionId = await sessionIdOf(request.headers.authorization, ctx.config.jwtSecret, ctx.clock);
      return changePassword(asUser(ctx, request), { ...request.body, currentSessionId: sessionId });
    },
  );

  api.get(
    "/users/avatar/:userId",
    {
      schema: {
        tags,
        security: [],
        summary: "A user's avatar image",
        params: z.object({ userId: z.string() }),
        response: { 200: binaryAnswer("image/*") },
      },
    },
    async (request, reply) => sendImage(reply, await getAvatar(ctx, { userId: request.params.userId })),
  );
}

/** Reads the multipart form of update-merchant: text fields plus at most one `avatar` file. */
async function readProfileForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new Invalid("This request must be sent as multipart/form-data.");
  const fields: Record<string, string> = {};
  let avatar: AvatarUpload | null = null;
  for await (const part of request.parts()) {
    if (part.type === "field") {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== "avatar") throw Invalid.field(part.fieldname, "Unknown field");
    const data = await part.toBuffer().catch((error: { code?: string }) => {
      throw error.code === "FST_REQ_FILE_TOO_LARGE" ? new PayloadTooLarge(avatarSizeMessage) : error;
    });
    if (data.length === 0) continue;
    const contentType = detectAvatarType(data);
    if (!contentType) throw Invalid.field("avatar", avatarTypeMessage);
    avatar = { data, contentType };
  }
  return { fields, avatar };
}
