import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { NotFound } from "../http/errors";
import { billingState } from "./billing-state";
import { openPortal, startCheckout } from "./checkout.service";
import { createStripe } from "./stripe-client";
import { handleWebhook } from "./webhook.service";

/** The signed-in user's plan in force and payments through Stripe (issue 9). */
export function registerBillingRoutes(api: FastifyInstance, ctx: AppContext): void {
  const stripe = createStripe(ctx.config.stripe);
  const deps = { ...ctx, stripe };
  const signedIn = { preHandler: api.authenticate };

  api.get("/billing", signedIn, async (request) => billingState(ctx, request.user.id));
  api.post("/billing/checkout", signedIn, async (request) =>
    startCheckout(deps, request.user.id, request.body),
  );
  api.post("/billing/portal", signedIn, async (request) => openPortal(deps, request.user.id));

  // Stripe signs the exact bytes it sent: this route alone keeps the raw body.
  api.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    raw.post("/billing/webhook", async (request) => {
      const signature = request.headers["stripe-signature"];
      const outcome = stripe
        ? await handleWebhook(
            { db: ctx.db, clock: ctx.clock, log: ctx.log, stripe, config: ctx.config.stripe },
            Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            typeof signature === "string" ? signature : undefined,
          )
        : notConfigured();
      return { received: true, outcome };
    });
  });
}

function notConfigured(): never {
  throw new NotFound("Payments are not configured on this server.");
}
