import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runDigests } from "../../src/alerts/digest/digest-job";
import { enqueueChangeAlerts } from "../../src/alerts/outbox";
import { deliveries, notifications } from "../../src/db/schema/alerts";
import { createLogger } from "../../src/logger";
import { useAlertEnvironment } from "./support/environment";
import { changeInput, createChange, createMonitor, createUser } from "./support/fixtures";

describe("daily digest", () => {
  const env = useAlertEnvironment();
  const { clock, db } = env;
  const digestDeps = () => ({
    db: db(),
    clock,
    log: createLogger({ logLevel: "silent" }),
    appUrl: env.services.config.appUrl,
  });

  async function changeFor(userId: string, summary: string) {
    const monitor = await createMonitor(db(), userId);
    const change = await createChange(db(), monitor.id);
    return db().transaction((tx) =>
      enqueueChangeAlerts(tx, { userId, monitor, change: { ...changeInput(change), summary } }),
    );
  }

  it("sends digest users one email at their hour with the day's changes; immediate users get each alert", async () => {
    const now = clock.now();
    const digestHour = (now.getUTCHours() + 1) % 24;
    const digestUser = await createUser(db(), { alertMode: "digest", digestHour });
    const immediateUser = await createUser(db());
    const first = await changeFor(digestUser.id, "Price dropped from $24.99 to $19.99");
    const second = await changeFor(digestUser.id, "3 new items: Spring sale");
    const single = await changeFor(immediateUser.id, "Back in stock");

    // Before the digest hour nothing is due.
    expect(await runDigests(digestDeps())).toBe(0);
    clock.advance((60 - now.getUTCMinutes()) * 60_000 + 60_000);
    expect(await runDigests(digestDeps())).toBe(1);
    expect(await runDigests(digestDeps())).toBe(0);

    const held = await db().select().from(notifications).where(eq(notifications.userId, digestUser.id));
    expect(held.map((n) => n.digest)).toEqual(["sent", "sent"]);
    expect(
      await db().select().from(deliveries).where(eq(deliveries.notificationId, first.notificationId)),
    ).toEqual([]);
    const [digest] = await db().select().from(deliveries).where(eq(deliveries.userId, digestUser.id));
    expect(digest).toMatchObject({ kind: "digest", channelType: "email", status: "pending" });

    const dispatcher = env.services.dispatcher();
    while ((await dispatcher.runOnce()) > 0) {}
    const mail = await env.smtp.waitForMail((m) => m.to.includes(digestUser.email));
    expect(mail.subject).toMatch(/^Your ChangeRadar digest: 2 changes/);
    expect(mail.text).toContain("Price dropped from $24.99 to $19.99");
    expect(mail.text).toContain("3 new items: Spring sale");
    expect(mail.html).toContain("Acme product");
    expect(env.smtp.mails.filter((m) => m.to.includes(digestUser.email))).toHaveLength(1);

    await env.smtp.waitForMail(
      (m) => m.to.includes(immediateUser.email) && m.subject.includes("Back in stock"),
    );
    const [immediate] = await db()
      .select()
      .from(deliveries)
      .where(eq(deliveries.notificationId, single.notificationId));
    expect(immediate?.status).toBe("delivered");
    expect(second.notificationId).not.toBe(first.notificationId);
  });
});
