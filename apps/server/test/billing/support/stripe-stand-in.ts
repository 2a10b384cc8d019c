import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A local stand-in for the Stripe API on 127.0.0.1, for tests (server and end-to-end). It answers the
 * calls ChangeRadar makes (customers, Checkout sessions, billing portal sessions) in Stripe's JSON shapes
 * and records every request. It also plays Stripe's side of the flows: a hosted checkout page whose Pay
 * button sends the signed webhooks to the server and then redirects to the success URL, a portal page
 * whose Cancel button ends the subscription, and `send()` for any event, signed with the SDK's own
 * test-header helper.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  /** Stripe's form encoding, flattened: `line_items[0][price]` → value. */
  params: Record<string, string>;
  authorization: string | undefined;
}

interface Session {
  id: string;
  customer: string;
  params: Record<string, string>;
  completed: boolean;
}

export interface StripeStandIn {
  /** e.g. http://127.0.0.1:43210 — pass as STRIPE_API_BASE. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Price identifiers per plan and period, as the server's environment expects them. */
  env: Record<string, string>;
  requests: RecordedRequest[];
  /** Where signed webhooks go (the server's POST /api/v1/billing/webhook). */
  setWebhookUrl(url: string): void;
  /** Signs and delivers one event; answers the server's status and body. */
  send(type: string, object: Record<string, unknown>, options?: SendOptions): Promise<WebhookResult>;
  /** Builds a signed event without sending it (for replays and out-of-order delivery). */
  sign(type: string, object: Record<string, unknown>, options?: SendOptions): SignedEvent;
  deliver(event: SignedEvent): Promise<WebhookResult>;
  /** What Stripe sends when the customer pays in Checkout (completed session, subscription, invoice). */
  pay(sessionId: string): Promise<WebhookResult[]>;
  subscriptionOf(customer: string): Record<string, unknown> | null;
  close(): Promise<void>;
}

export interface SendOptions {
  id?: string;
  /** Event time (seconds since 1970); now by default. */
  created?: number;
}
export interface SignedEvent {
  id: string;
  payload: string;
  header: string;
}
export interface WebhookResult {
  status: number;
  body: string;
}

export const standInPrices = {
  STRIPE_PRICE_PERSONAL_MONTHLY: "price_personal_monthly",
  STRIPE_PRICE_PERSONAL_YEARLY: "price_personal_yearly",
  STRIPE_PRICE_PRO_MONTHLY: "price_pro_monthly",
  STRIPE_PRICE_PRO_YEARLY: "price_pro_yearly",
  STRIPE_PRICE_BUSINESS_MONTHLY: "price_business_monthly",
  STRIPE_PRICE_BUSINESS_YEARLY: "price_business_yearly",
};

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
  const signer = new Stripe(secretKey);
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Session>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  const customersByEmail = new Map<string, string>();
  let webhookUrl = "";
  let base = "";
  let counter = 0;
  const newId = (prefix: string) =>
    `${prefix}_${(++counter).toString().padStart(6, "0")}${randomBytes(4).toString("hex")}`;
  const now = () => Math.floor(Date.now() / 1000);

  function sign(type: string, object: Record<string, unknown>, options: SendOptions = {}): SignedEvent {
    const id = options.id ?? newId("evt");
    const payload = JSON.stringify({
      id,
      object: "event",
      api_version: "2025-01-01",
      created: options.created ?? now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    return { id, payload, header };
  }

  async function deliver(event: SignedEvent): Promise<WebhookResult> {
    const response = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": event.header },
      body: event.payload,
    });
    return { status: response.status, body: await response.text() };
  }

  const send = (type: string, object: Record<string, unknown>, options?: SendOptions) =>
    deliver(sign(type, object, options));

  async function pay(sessionId: string): Promise<WebhookResult[]> {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    session.completed = true;
    const price = session.params["line_items[0][price]"];
    const subscription = {
      id: newId("sub"),
      object: "subscription",
      customer: session.customer,
      status: "active",
      created: now(),
      metadata: { userId: session.params["subscription_data[metadata][userId]"] ?? "" },
      items: {
        object: "list",
        data: [{ id: newId("si"), object: "subscription_item", price: { id: price, object: "price" } }],
      },
    };
    subscriptions.set(session.customer, subscription);
    const results = [];
    results.push(await send("checkout.session.completed", sessionObject(session, subscription.id)));
    results.push(await send("customer.subscription.created", subscription));
    results.push(
      await send("invoice.paid", {
        id: newId("in"),
        object: "invoice",
        customer: session.customer,
        status: "paid",
        subscription: subscription.id,
      }),
    );
    return results;
  }

  function sessionObject(session: Session, subscriptionId: string | null): Record<string, unknown> {
    return {
      id: session.id,
      object: "checkout.session",
      mode: session.params.mode,
      customer: session.customer,
      client_reference_id: session.params.client_reference_id ?? null,
      metadata: pick(session.params, "metadata"),
      subscription: subscriptionId,
      payment_status: session.completed ? "paid" : "unpaid",
      status: session.completed ? "complete" : "open",
      success_url: session.params.success_url,
      cancel_url: session.params.cancel_url,
      url: `${base}/checkout/${session.id}`,
    };
  }

  const server: Server = createServer(async (req, res) => {
    try {
      await route(req, res);
    } catch (error) {
      json(res, 500, { error: { message: String(error), type: "api_error" } });
    }
  });

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", base);
    const body = await readBody(req);
    const params = Object.fromEntries(new URLSearchParams(body));
    if (url.pathname.startsWith("/v1/")) {
      requests.push({
        method: req.method ?? "",
        path: url.pathname,
        params,
        authorization: req.headers.authorization,
      });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return json(res, 401, {
          error: { type: "invalid_request_error", message: "Invalid API Key provided" },
        });
      }
    }
    if (req.method === "POST" && url.pathname === "/v1/customers") {
      const id = newId("cus");
      if (params.email) customersByEmail.set(params.email, id);
      return json(res, 200, {
        id,
        object: "customer",
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: pick(params, "metadata"),
        created: now(),
        livemode: false,
      });
    }
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const session: Session = {
        id: newId("cs_test"),
        customer: params.customer ?? newId("cus"),
        params,
        completed: false,
      };
      sessions.set(session.id, session);
      return json(res, 200, sessionObject(session, null));
    }
    if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      const id = newId("bps");
      const portal = new URL(`${base}/portal/${id}`);
      portal.searchParams.set("customer", params.customer ?? "");
      portal.searchParams.set("return_url", params.return_url ?? "");
      return json(res, 200, {
        id,
        object: "billing_portal.session",
        customer: params.customer,
        return_url: params.return_url,
        url: portal.toString(),
        created: now(),
        livemode: false,
      });
    }
    const checkout = /^\/checkout\/([\w-]+)(\/pay)?$/.exec(url.pathname);
    if (checkout) {
      const session = sessions.get(checkout[1] ?? "");
      if (!session) return html(res, 404, "<h1>No such checkout session</h1>");
      if (req.method === "POST" && checkout[2]) {
        await pay(session.id);
        const target = (session.params.success_url ?? "").replace("{CHECKOUT_SESSION_ID}", session.id);
        res.writeHead(303, { location: target }).end();
        return;
      }
      const price = escapeHtml(session.params["line_items[0][price]"] ?? "");
      return html(
        res,
        200,
        `<h1>Stripe test checkout</h1><p>Subscription: <b>${price}</b></p>
         <form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form>
         <p><a href="${escapeHtml(session.params.cancel_url ?? "/")}">Back</a></p>`,
      );
    }
    const portal = /^\/portal\/([\w-]+)(\/cancel)?$/.exec(url.pathname);
    if (portal) {
      const customer = url.searchParams.get("customer") ?? "";
      const back = url.searchParams.get("return_url") ?? "/";
      if (req.method === "POST" && portal[2]) {
        const sub = subscriptions.get(customer);
        if (sub) await send("customer.subscription.deleted", { ...sub, status: "canceled" });
        res.writeHead(303, { location: back }).end();
        return;
      }
      return html(
        res,
        200,
        `<h1>Stripe test billing portal</h1>
         <form method="post" action="${escapeHtml(`${url.pathname}/cancel${url.search}`)}"><button type="submit">Cancel subscription</button></form>
         <p><a href="${escapeHtml(back)}">Return</a></p>`,
      );
    }
    // Test control: a failed renewal of a customer's subscription (?customer=cus_… or ?email=…).
    if (req.method === "POST" && url.pathname === "/_control/payment-failed") {
      const email = url.searchParams.get("email") ?? "";
      const customer = url.searchParams.get("customer") ?? customersByEmail.get(email) ?? "";
      const result = await send("invoice.payment_failed", {
        id: newId("in"),
        object: "invoice",
        customer,
        status: "open",
      });
      return json(res, 200, result);
    }
    json(res, 404, {
      error: {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
      },
    });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    secretKey,
    webhookSecret,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: base,
      ...standInPrices,
    },
    requests,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    send,
    sign,
    deliver,
    pay,
    subscriptionOf: (customer) => subscriptions.get(customer) ?? null,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** `metadata[userId]=…` → `{ userId: … }` */
function pick(params: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const match = new RegExp(`^${prefix}\\[(\\w+)\\]$`).exec(key);
    if (match?.[1]) out[match[1]] = value;
  }
  return out;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    "content-type": "application/json",
    "request-id": `req_${randomBytes(6).toString("hex")}`,
  });
  res.end(JSON.stringify(body));
}

function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(
    `<!doctype html><html lang="en"><head><title>Stripe (test stand-in)</title></head><body>${body}</body></html>`,
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
