import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { RETRY_DELAYS_MS } from "../../src/alerts/backoff";
import { createChannel, listChannels, sendTestAlert, verifyChannel } from "../../src/alerts/channels.service";
import { claimDueDeliveries } from "../../src/alerts/dispatch/deliveries.repository";
import { enqueueChangeAlerts } from "../../src/alerts/outbox";
import { deliveries } from "../../src/db/schema/alerts";
import { users } from "../../src/db/schema/users";
import { type Answer, startReceiver } from "../helpers/receiver";
import { useAlertEnvironment } from "./support/environment";
import { changeInput, createChange, createMonitor, createUser, type TestUser } from "./support/fixtures";

describe("alert dispatcher", () => {
  const env = useAlertEnvironment();
  const { clock, db } = env;

  async function alertOnce(user: TestUser, channelIds: string[]) {
    const monitor = await createMonitor(db(), user.id, channelIds);
    const change = await createChange(db(), monitor.id, clock.now());
    const { notificationId } = await db().transaction((tx) =>
      enqueueChangeAlerts(tx, { userId: user.id, monitor, change: changeInput(change) }),
    );
    const rows = await db().select().from(deliveries).where(eq(deliveries.notificationId, notificationId));
    return { notificationId, deliveryId: rows[0]!.id, change };
  }

  async function delivery(id: string) {
    const [row] = await db().select().from(deliveries).where(eq(deliveries.id, id));
    return row!;
  }

  async function webhookUser(answers: (i: number) => Answer) {
    const receiver = await startReceiver(({ index }) => answers(index));
    const user = await createUser(db(), { plan: "Pro" });
    const channel = await createChannel(env.services.as(user.auth), {
      type: "webhook",
      name: "Receiver",
      config: { url: receiver.url },
    });
    return { receiver, user, channel };
  }

  it("retries a receiver that answers 500 three times, then delivers exactly once with one webhook-id", async () => {
    const { receiver, user, channel } = await webhookUser((i) => (i < 3 ? 500 : 200));
    const dispatcher = env.services.dispatcher();
    try {
      const { deliveryId, change } = await alertOnce(user, [channel.id]);
      expect(await dispatcher.runOnce()).toBe(1);
      expect(await delivery(deliveryId)).toMatchObject({ status: "failed", attempts: 1 });
      expect(await dispatcher.runOnce()).toBe(0); // not due before its backoff
      for (const delay of RETRY_DELAYS_MS.slice(0, 3)) {
        clock.advance(delay);
        expect(await dispatcher.runOnce()).toBe(1);
      }
      expect(await delivery(deliveryId)).toMatchObject({ status: "delivered", attempts: 4, lastError: null });
      expect(receiver.requests).toHaveLength(4);
      const ids = new Set(receiver.requests.map((r) => r.headers["webhook-id"]));
      expect([...ids]).toEqual([deliveryId]);

      // The first attempt was signed at real time; later ones carry the test clock's (advanced) time.
      const last = receiver.requests[0]!;
      const payload = new Webhook(channel.secret!).verify(
        last.body,
        last.headers as Record<string, string>,
      ) as {
        type: string;
        change: { id: string; summary: string; url: string };
        monitor: { name: string };
      };
      expect(payload.type).toBe("change.detected");
      expect(payload.change).toMatchObject({ id: change.id, summary: "Price dropped from $24.99 to $19.99" });
      expect(payload.change.url).toContain(`http://app.example.test/auth/mymonitors/`);
      expect(() =>
        new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(
          last.body,
          last.headers as Record<string, string>,
        ),
      ).toThrow();
    } finally {
      await receiver.close();
    }
  });

  it("never sends one delivery twice when two dispatchers claim at the same time", async () => {
    const { receiver, user, channel } = await webhookUser(() => 200);
    const first = env.services.dispatcher({ batchSize: 4 });
    const second = env.services.dispatcher({ batchSize: 4 });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) ids.push((await alertOnce(user, [channel.id])).deliveryId);
      let handled: number[] = [];
      do {
        handled = await Promise.all([first.runOnce(), second.runOnce()]);
      } while (handled.some((n) => n > 0));
      const received = receiver.requests.map((r) => String(r.headers["webhook-id"]));
      expect(received.sort()).toEqual(ids.sort());
    } finally {
      await receiver.close();
    }
  });

  it("delivers to a receiver that was down once it comes back", async () => {
    const probe = await startReceiver();
    const port = probe.port;
    await probe.close();
    const user = await createUser(db(), { plan: "Pro" });
    const channel = await createChannel(env.services.as(user.auth), {
      type: "webhook",
      name: "Flaky",
      config: { url: `http://127.0.0.1:${port}/hook` },
    });
    const dispatcher = env.services.dispatcher();
    const { deliveryId } = await alertOnce(user, [channel.id]);
    await dispatcher.runOnce();
    const failed = await delivery(deliveryId);
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toMatch(/refused/);

    const receiver = await startReceiver(() => 200, port);
    try {
      clock.advance(RETRY_DELAYS_MS[0]);
      await dispatcher.runOnce();
      expect(await delivery(deliveryId)).toMatchObject({ status: "delivered", attempts: 2 });
      expect(receiver.requests.map((r) => r.headers["webhook-id"])).toEqual([deliveryId]);
    } finally {
      await receiver.close();
    }
  });

  it("marks a delivery dead after the last attempt, with the reason", async () => {
    const { receiver, user, channel } = await webhookUser(() => 503);
    const dispatcher = env.services.dispatcher();
    try {
      const { deliveryId } = await alertOnce(user, [channel.id]);
      await dispatcher.runOnce();
      for (const delay of RETRY_DELAYS_MS) {
        clock.advance(delay);
        await dispatcher.runOnce();
      }
      const dead = await delivery(deliveryId);
      expect(dead.status).toBe("dead");
      expect(dead.attempts).toBe(RETRY_DELAYS_MS.length + 1);
      expect(dead.lastError).toMatch(/503.*gave up after 6 attempts/);
      clock.advance(RETRY_DELAYS_MS.at(-1)!);
      expect(await dispatcher.runOnce()).toBe(0);
      expect(receiver.requests).toHaveLength(6);
    } finally {
      await receiver.close();
    }
  });

  it("reads a round's users, channels and notifications in one statement and records the sent in one", async () => {
    const accounts = await Promise.all([
      webhookUser(() => 200),
      webhookUser(() => 200),
      webhookUser(() => 410),
    ]);
    const sentTo = new Map<string, { channelId: string; changeId: string }>();
    for (const to of [0, 1, 0, 1, 2]) {
      const { deliveryId, change } = await alertOnce(accounts[to]!.user, [accounts[to]!.channel.id]);
      sentTo.set(deliveryId, { channelId: accounts[to]!.channel.id, changeId: change.id });
    }
    // Each statement the dispatcher starts, by the builder or method it starts it with.
    const started: string[] = [];
    const handle = env.database.handle;
    const watched = new Proxy(handle.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== "function" || typeof key !== "string") return value;
        return (...args: unknown[]) => {
          started.push(key);
          return value.apply(target, args);
        };
      },
    });
    const dispatcher = env.services.dispatcher({}, { ...handle, db: watched });
    const sentAt = clock.now();
    try {
      expect(await dispatcher.runOnce()).toBe(5);
      const doneAt = clock.now();
      // The claim, the round's one read, the refused delivery's record and the sent ones' one record.
      expect(started).toEqual(["transaction", "select", "update", "execute"]);
      for (const { receiver, channel } of accounts.slice(0, 2)) {
        expect(receiver.requests).toHaveLength(2);
        for (const request of receiver.requests) {
          // Each went to its own user's receiver, with its own change.
          const id = String(request.headers["webhook-id"]);
          expect(sentTo.get(id)?.channelId).toBe(channel.id);
          expect(JSON.parse(request.body).change.id).toBe(sentTo.get(id)?.changeId);
          const sent = await delivery(id);
          expect(sent).toMatchObject({ status: "delivered", attempts: 1, lastError: null });
          // When it was sent, not when the round was recorded.
          expect(sent.deliveredAt!.getTime()).toBeGreaterThanOrEqual(sentAt.getTime());
          expect(sent.deliveredAt!.getTime()).toBeLessThanOrEqual(doneAt.getTime());
        }
      }
      const refused = String(accounts[2]!.receiver.requests[0]?.headers["webhook-id"]);
      expect(await delivery(refused)).toMatchObject({ status: "dead", attempts: 1 });
    } finally {
      for (const { receiver } of accounts) await receiver.close();
    }
  });

  it("stops at once on a permanent refusal", async () => {
    const { receiver, user, channel } = await webhookUser(() => 410);
    const dispatcher = env.services.dispatcher();
    try {
      const { deliveryId } = await alertOnce(user, [channel.id]);
      await dispatcher.runOnce();
      const dead = await delivery(deliveryId);
      expect(dead).toMatchObject({ status: "dead", attempts: 1 });
      expect(dead.lastError).toMatch(/rejected the alert \(410/);
    } finally {
      await receiver.close();
    }
  });

  it("takes over a delivery whose dispatcher died mid-send once the lease ends, with the same webhook-id", async () => {
    const { receiver, user, channel } = await webhookUser(() => 200);
    const dispatcher = env.services.dispatcher({ leaseMs: 60_000 });
    try {
      const { deliveryId } = await alertOnce(user, [channel.id]);
      // A dispatcher claims it and dies before recording anything.
      const [claimed] = await claimDueDeliveries(db(), clock.now(), 60_000, 10);
      expect(claimed?.id).toBe(deliveryId);
      expect(await dispatcher.runOnce()).toBe(0);
      clock.advance(60_001);
      expect(await dispatcher.runOnce()).toBe(1);
      expect(await delivery(deliveryId)).toMatchObject({ status: "delivered", attempts: 2 });
      expect(receiver.requests.map((r) => r.headers["webhook-id"])).toEqual([deliveryId]);
    } finally {
      await receiver.close();
    }
  });

  it("emails the account's own address only when it is verified", async () => {
    const verified = await createUser(db());
    const unverified = await createUser(db(), { verified: false });
    const dispatcher = env.services.dispatcher();
    const sent = await alertOnce(verified, []);
    const held = await alertOnce(unverified, []);
    await dispatcher.runOnce();

    const mail = await env.smtp.waitForMail((m) => m.to.includes(verified.email));
    expect(mail.subject).toContain("Price dropped from $24.99 to $19.99");
    expect(mail.html).toContain("$19.99");
    expect(mail.text).toContain("http://app.example.test/auth/mymonitors/");
    expect(await delivery(sent.deliveryId)).toMatchObject({ status: "delivered" });

    const dead = await delivery(held.deliveryId);
    expect(dead.status).toBe("dead");
    expect(dead.lastError).toMatch(/Verify your account's email address/);
    expect(env.smtp.mails.some((m) => m.to.includes(unverified.email))).toBe(false);
  });

  it("emails another address only after it is verified with the mailed code", async () => {
    const user = await createUser(db());
    const other = `alerts-${user.id.slice(0, 8)}@example.test`;
    const channel = await createChannel(env.services.as(user.auth), {
      type: "email",
      name: "Team inbox",
      config: { to: other },
    });
    expect(channel.verified).toBe(false);
    const dispatcher = env.services.dispatcher();

    const early = await alertOnce(user, [channel.id]);
    await dispatcher.runOnce();
    expect((await delivery(early.deliveryId)).lastError).toMatch(/not verified/);

    const codeMail = await env.smtp.waitForMail(
      (m) => m.to.includes(other) && m.subject.includes("verification code"),
    );
    const code = /\b(\d{6})\b/.exec(codeMail.text)![1]!;
    await expect(
      verifyChannel(env.services.as(user.auth), {
        id: channel.id,
        code: code === "000000" ? "111111" : "000000",
      }),
    ).rejects.toThrow("Invalid code");
    expect((await verifyChannel(env.services.as(user.auth), { id: channel.id, code })).verified).toBe(true);

    const later = await alertOnce(user, [channel.id]);
    await dispatcher.runOnce();
    expect(await delivery(later.deliveryId)).toMatchObject({ status: "delivered" });
    const alert = await env.smtp.waitForMail(
      (m) => m.to.includes(other) && m.subject.includes("Price dropped"),
    );
    expect(alert.text).toContain("$24.99");
  });

  it("refuses, at send time, a channel the plan no longer allows", async () => {
    const { receiver, user, channel } = await webhookUser(() => 200);
    try {
      await db().update(users).set({ planType: "Free" }).where(eq(users.id, user.id));
      const { deliveryId } = await alertOnce(user, [channel.id]);
      await env.services.dispatcher().runOnce();
      const dead = await delivery(deliveryId);
      expect(dead.status).toBe("dead");
      expect(dead.lastError).toMatch(/Webhook alerts need the Pro plan/);
      expect(receiver.requests).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it("sends a channel test through the same pipeline", async () => {
    const { receiver, user, channel } = await webhookUser(() => 200);
    try {
      const { deliveryId } = await sendTestAlert(env.services.as(user.auth), { id: channel.id });
      await env.services.dispatcher().runOnce();
      expect(await delivery(deliveryId)).toMatchObject({ status: "delivered", kind: "test" });
      expect(receiver.requests[0]?.headers["webhook-id"]).toBe(deliveryId);
      expect(JSON.parse(receiver.requests[0]!.body)).toMatchObject({ type: "test" });
      const [listed] = await listChannels(env.services.as(user.auth));
      expect(listed?.lastDelivery).toMatchObject({ status: "delivered", error: null });
    } finally {
      await receiver.close();
    }
  });
});
