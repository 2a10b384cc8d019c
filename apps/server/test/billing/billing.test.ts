import { type BillingState, paymentsUnavailableMessage } from "@changeradar/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingEvents } from "../../src/db/schema/billing";
import { monitors } from "../../src/db/schema/monitors";
import { users } from "../../src/db/schema/users";
import { ApiClient } from "../helpers/client";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUser, type TestUser } from "../helpers/users";
import { databaseKind } from "../monitors/support/test-app";
import { type StripeStandIn, startStripeStandIn } from "./support/stripe-stand-in";

let stripe: StripeStandIn;
let server: TestServer;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  server = await startTestServer({ ...stripe.env, ALLOW_PRIVATE_TARGETS: "true" });
  stripe.setWebhookUrl(`${server.baseUrl}/api/v1/billing/webhook`);
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

const db = () => server.database.handle.db;
const billing = async (u: TestUser) => (await u.client.get<BillingState>("/billing")).body;
const row = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

/** A paid sign-up that went through Checkout and paid: answers the user and their Stripe customer id. */
async function paidUser(plan: "Personal" | "Pro" | "Business") {
  const u = await createUser(server, { planType: plan, keepSignedIn: true });
  const checkout = await u.client.post<{ url: string }>("/billing/checkout", {
    planType: plan,
    period: "monthly",
  });
  expect(checkout.status).toBe(200);
  const sessionId = checkout.body.url.split("/").at(-1)!;
  for (const result of await stripe.pay(sessionId)) expect(result.status).toBe(200);
  return { user: u, customer: (await row(u.id)).stripeCustomerId! };
}

describe(`billing with Stripe (local stand-in, ${databaseKind})`, () => {
  it("a paid sign-up pays through Checkout: Free limits until the signed webhook, then the plan, in the next token too", async () => {
    const u = await createUser(server, { planType: "Pro", keepSignedIn: true });
    expect(await billing(u)).toMatchObject({
      entitlement: { chosen: "Pro", inForce: "Free", reason: "incomplete", paymentNeeded: true },
      paymentsEnabled: true,
      canManageBilling: false,
    });

    const checkout = await u.client.post<{ url: string }>("/billing/checkout", {
      planType: "Pro",
      period: "yearly",
    });
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    const created = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
    expect(created.params).toMatchObject({
      mode: "subscription",
      client_reference_id: u.id,
      "line_items[0][price]": "price_pro_yearly",
      "metadata[userId]": u.id,
      success_url: "http://localhost:8080/auth/account?checkout=success&session_id={CHECKOUT_SESSION_ID}",
    });
    expect(created.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(
      stripe.requests.some((r) => r.path === "/v1/customers" && r.params["metadata[userId]"] === u.id),
    ).toBe(true);

    const sessionId = checkout.body.url.split("/").at(-1)!;
    const results = await stripe.pay(sessionId);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await billing(u)).toMatchObject({
      entitlement: { chosen: "Pro", inForce: "Pro", reason: "active", paymentNeeded: false },
      limits: { monitors: 15 },
      canManageBilling: true,
    });
    // The access token's plan claims follow on the next refresh.
    const refreshed = await u.client.get<{ user: { planType: string; planStatus: string } }>(
      "/auth/refresh",
      { xsrf: true },
    );
    expect(refreshed.body.user).toMatchObject({ planType: "Pro", planStatus: "active" });
  });

  it("opens the Customer Portal for a customer, returning to /auth/account", async () => {
    const { user, customer } = await paidUser("Personal");
    const portal = await user.client.post<{ url: string }>("/billing/portal");
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(`${stripe.url}/portal/`);
    expect(stripe.requests.filter((r) => r.path === "/v1/billing_portal/sessions").at(-1)!.params).toEqual({
      customer,
      return_url: "http://localhost:8080/auth/account?portal=return",
    });
    // A subscriber changes plans in the portal, not through a second Checkout.
    const again = await user.client.post("/billing/checkout", { planType: "Business", period: "monthly" });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Manage billing/);
  });

  it("applies every event type: subscription created/updated/deleted, invoice paid and payment failed", async () => {
    const { user, customer } = await paidUser("Pro");
    const sub = stripe.subscriptionOf(customer)!;
    const withPrice = (price: string, status: string) => ({
      ...sub,
      status,
      items: { object: "list", data: [{ id: "si_1", object: "subscription_item", price: { id: price } }] },
    });

    // Upgrade in the portal: the subscription's price says the plan.
    expect(
      (await stripe.send("customer.subscription.updated", withPrice("price_business_monthly", "active")))
        .status,
    ).toBe(200);
    expect((await billing(user)).entitlement).toMatchObject({
      chosen: "Business",
      inForce: "Business",
      status: "active",
    });

    // A failed renewal: past due, the plan kept during the grace period, a notice to pay.
    await stripe.send("invoice.payment_failed", { id: "in_f1", object: "invoice", customer });
    expect((await billing(user)).entitlement).toMatchObject({
      status: "past_due",
      inForce: "Business",
      reason: "past_due_grace",
      paymentNeeded: true,
    });
    // Paid after all.
    await stripe.send("invoice.paid", { id: "in_p1", object: "invoice", customer });
    expect((await billing(user)).entitlement).toMatchObject({ status: "active", inForce: "Business" });

    // Stripe says the subscription is past due (its own retries failed).
    await stripe.send("customer.subscription.updated", withPrice("price_business_monthly", "past_due"));
    expect((await billing(user)).entitlement.status).toBe("past_due");

    await stripe.send("customer.subscription.deleted", withPrice("price_business_monthly", "canceled"));
    expect((await billing(user)).entitlement).toMatchObject({
      chosen: "Business",
      status: "canceled",
      inForce: "Free",
      reason: "canceled",
    });
    // A late invoice.paid never revives a canceled subscription.
    await stripe.send("invoice.paid", { id: "in_p2", object: "invoice", customer });
    expect((await billing(user)).entitlement.status).toBe("canceled");

    // A new subscription (created) brings the plan back.
    await stripe.send("customer.subscription.created", {
      ...withPrice("price_personal_yearly", "active"),
      id: "sub_new",
    });
    expect((await billing(user)).entitlement).toMatchObject({
      chosen: "Personal",
      inForce: "Personal",
      status: "active",
    });
  });

  it("refuses a bad signature with 400 and changes nothing", async () => {
    const { user, customer } = await paidUser("Pro");
    const eventsBefore = (await db().select().from(billingEvents)).length;
    const event = stripe.sign("invoice.payment_failed", { id: "in_bad", object: "invoice", customer });
    const forged = await stripe.deliver({
      ...event,
      header: event.header.replace(/v1=([0-9a-f])/, (_, c) => `v1=${c === "0" ? "1" : "0"}`),
    });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body).message).toBe("Invalid Stripe signature.");
    const tampered = await stripe.deliver({
      ...event,
      payload: event.payload.replace("invoice.payment_failed", "invoice.paid"),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(`${server.baseUrl}/api/v1/billing/webhook`, {
      method: "POST",
      body: event.payload,
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.status).toBe(400);
    expect((await billing(user)).entitlement.status).toBe("active");
    expect((await db().select().from(billingEvents)).length).toBe(eventsBefore);
  });

  it("applies a replayed event once", async () => {
    const { user, customer } = await paidUser("Pro");
    const failed = stripe.sign("invoice.payment_failed", { id: "in_r1", object: "invoice", customer });
    expect(JSON.parse((await stripe.deliver(failed)).body).outcome).toBe("applied");
    await stripe.send("invoice.paid", { id: "in_r2", object: "invoice", customer });
    const replay = await stripe.deliver(failed);
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.body).outcome).toBe("replayed");
    expect((await billing(user)).entitlement.status).toBe("active");
    expect((await db().select().from(billingEvents).where(eq(billingEvents.id, failed.id))).length).toBe(1);
  });

  it("ignores an event older than one already applied (out-of-order delivery)", async () => {
    const { user, customer } = await paidUser("Pro");
    const sub = stripe.subscriptionOf(customer)!;
    const t = Math.floor(Date.now() / 1000) + 60;
    const newer = stripe.sign(
      "customer.subscription.updated",
      { ...sub, status: "past_due" },
      { created: t + 10 },
    );
    const older = stripe.sign("customer.subscription.updated", { ...sub, status: "active" }, { created: t });
    expect(JSON.parse((await stripe.deliver(newer)).body).outcome).toBe("applied");
    expect(JSON.parse((await stripe.deliver(older)).body).outcome).toBe("stale");
    expect((await billing(user)).entitlement.status).toBe("past_due");
  });

  it("a cancellation leaves Free limits: extra monitors paused, faster checks slowed, every change kept", async () => {
    const { user, customer } = await paidUser("Business");
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await user.client.post<{ id: string }>("/monitors", {
        url: `http://127.0.0.1:9/page-${i}`,
        name: `Watched ${i}`,
        frequency: "15m",
        watch: ["text", "price"],
        tags: ["kept"],
        paused: true,
      });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
      // Running monitors without a first check (their URL answers nothing): resume them in the database.
    }
    await db().update(monitors).set({ paused: false }).where(eq(monitors.userId, user.id));

    await stripe.send("customer.subscription.deleted", {
      ...stripe.subscriptionOf(customer)!,
      status: "canceled",
    });

    expect((await billing(user)).entitlement).toMatchObject({ inForce: "Free", reason: "canceled" });
    const after = await db().select().from(monitors).where(eq(monitors.userId, user.id));
    expect(after).toHaveLength(4);
    expect(after.filter((m) => !m.paused)).toHaveLength(1);
    expect(after.filter((m) => m.pausedByPlan)).toHaveLength(3);
    for (const m of after) {
      expect(m.frequency).toBe("1d");
      expect(m.watch).toEqual(["text", "price"]);
      expect(m.tags).toEqual(["kept"]);
      expect(m.name).toMatch(/^Watched \d$/);
    }
    // Resuming a paused one is refused at Free limits, with the one message.
    const paused = after.find((m) => m.paused)!;
    const resume = await user.client.post(`/monitors/${paused.id}/resume`);
    expect(resume.status).toBe(402);
    expect(resume.body.message).toBe("Your Free plan allows 1 monitor. Upgrade to Personal to add more.");
  });

  it("without Stripe keys, says so plainly on the paid paths", async () => {
    const bare = await server.startSibling({ STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" });
    try {
      const u = await createUser(server, { planType: "Pro" });
      const client = new ApiClient(bare.baseUrl);
      client.token = u.client.token;
      const state = await client.get<BillingState>("/billing");
      expect(state.body).toMatchObject({ paymentsEnabled: false, paymentsUnavailableMessage });
      const checkout = await client.post("/billing/checkout", { planType: "Pro", period: "monthly" });
      expect(checkout.status).toBe(409);
      expect(checkout.body.message).toBe(paymentsUnavailableMessage);
      const hook = await fetch(`${bare.baseUrl}/api/v1/billing/webhook`, { method: "POST", body: "{}" });
      expect(hook.status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
