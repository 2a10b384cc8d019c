import {
  forgotPasswordSchema,
  messageResponseSchema,
  resendCodeSchema,
  resetPasswordSchema,
  userIdResponseSchema,
  verifyPasscodeResponseSchema,
  verifyPasscodeSchema,
} from "@changeradar/contracts";
import type { AppContext } from "../context";
import { rateLimit } from "../http/rate-limits";
import { type Api, failures } from "../http/route-schema";
import { forgotPassword, resendCode, resetPassword, verifyPasscode } from "./recovery.service";

const tags = ["Sign-in"];

/** Email verification and password recovery with six-digit codes (spec §4, §7). */
export function registerRecoveryRoutes(api: Api, ctx: AppContext): void {
  const limited = (name: Parameters<typeof rateLimit>[1]) => ({
    config: { rateLimit: rateLimit(ctx.config, name) },
  });

  api.post(
    "/users/forgot-password",
    {
      ...limited("forgotPassword"),
      schema: {
        tags,
        security: [],
        summary: "Mail a code to reset the password",
        description: "Answers the same whether or not the address has an account.",
        body: forgotPasswordSchema,
        response: { 200: userIdResponseSchema, ...failures(400, 429) },
      },
    },
    async (request) => forgotPassword(ctx, request.body),
  );
  api.post(
    "/users/verify-passcode",
    {
      ...limited("verifyPasscode"),
      schema: {
        tags,
        security: [],
        summary: "Check a six-digit code (to verify the email, or to reset the password)",
        description: "For a reset, the answer carries the single-use `resetToken` that reset-password needs.",
        body: verifyPasscodeSchema,
        response: { 200: verifyPasscodeResponseSchema, ...failures(400, 429) },
      },
    },
    async (request) => verifyPasscode(ctx, request.body),
  );
  api.post(
    "/users/reset-password",
    {
      ...limited("resetPassword"),
      schema: {
        tags,
        security: [],
        summary: "Set a new password with the reset token",
        description: "Ends every session of the account.",
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema, ...failures(400, 429) },
      },
    },
    async (request) => resetPassword(ctx, request.body),
  );
  api.post(
    "/auth/resend-code",
    {
      ...limited("resendCode"),
      schema: {
        tags,
        security: [],
        summary: "Mail a new code for what the account was last asked to confirm",
        body: resendCodeSchema,
        response: { 200: messageResponseSchema, ...failures(400, 429) },
      },
    },
    async (request) => resendCode(ctx, request.body),
  );
}
