import { billingStateSchema, checkoutSchema, stripeRedirectSchema } from "@changeradar/contracts";
import { z } from "zod";
import type { AppContext } from "../context";
import { asUser } from "../entitlements";
import { NotFound } from "../http/errors";
import { type Api, failures } from "../http/route-schema";
import { loadOnce } from "../load-once";
import { billingState } from "./billing-state";
import { openPortal, startCheckout } from "./checkout.service";
import { createStripe } from "./stripe-client";
import { handleWebhook } from "./webhook.service";

const tags = ["Billing"];

/** The signed-in user's plan in force and payments through Stripe (issue 9). */
export function registerBillingRoutes(api: Api, ctx: AppContext): void {
  const stripe = loadOnce(() => createStripe(ctx.config.stripe));
  const signedIn = { preHandler: api.authenticate };

  api.get(
    "/billing",
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Your plan in force, its limits and usage, and what payment can do",
        response: { 200: billingStateSchema },
      },
    },
    async (request) => billingState(asUser(ctx, request)),
  );
  api.post(
    "/billing/checkout",
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Start paying for a plan: the Stripe Checkout page to go to",
        body: checkoutSchema,
        response: { 200: stripeRedirectSchema, ...failures(400, 409) },
      },
    },
    async (request) => startCheckout({ ...asUser(ctx, request), stripe: await stripe() }, request.body),
  );
  api.post(
    "/billing/portal",
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Manage billing: the Stripe billing portal page to go to",
        response: { 200: stripeRedirectSchema, ...failures(409) },
      },
    },
    async (request) => openPortal({ ...asUser(ctx, request), stripe: await stripe() }),
  );

  // Stripe signs the exact bytes it sent: this route alone keeps the raw body.
  api.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    raw.post(
      "/billing/webhook",
      {
        schema: {
          tags,
          security: [],
          summary: "Stripe's webhook (signed with the endpoint's secret; not for API clients)",
          response: { 200: z.object({ received: z.literal(true), outcome: z.string() }), ...failures(400) },
        },
      },
      async (request) => {
        const signature = request.headers["stripe-signature"];
        const sdk = await stripe();
        const outcome = sdk
          ? await handleWebhook(
              { ...ctx, stripe: sdk },
              {
                rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
                signature: typeof signature === "string" ? signature : undefined,
              },
            )
          : notConfigured();
        return { received: true, outcome };
      },
    );
  });
}

function notConfigured(): never {
  throw new NotFound("Payments are not configured on this server.");
}
