import {
  forgotPasswordSchema,
  resendCodeSchema,
  resetPasswordSchema,
  verifyPasscodeSchema,
} from "@changeradar/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { rateLimit } from "../http/rate-limits";
import { validate } from "../http/validate";
import { forgotPassword, resendCode, resetPassword, verifyPasscode } from "./recovery.service";

/** Email verification and password recovery with six-digit codes (spec §4, §7). */
export function registerRecoveryRoutes(api: FastifyInstance, ctx: AppContext): void {
  const limited = (name: Parameters<typeof rateLimit>[1]) => ({
    config: { rateLimit: rateLimit(ctx.config, name) },
  });

  api.post("/users/forgot-password", limited("forgotPassword"), async (request) =>
    forgotPassword(ctx, validate(forgotPasswordSchema, request.body)),
  );
  api.post("/users/verify-passcode", limited("verifyPasscode"), async (request) =>
    verifyPasscode(ctx, validate(verifyPasscodeSchema, request.body)),
  );
  api.post("/users/reset-password", limited("resetPassword"), async (request) =>
    resetPassword(ctx, validate(resetPasswordSchema, request.body)),
  );
  api.post("/auth/resend-code", limited("resendCode"), async (request) =>
    resendCode(ctx, validate(resendCodeSchema, request.body)),
  );
}
