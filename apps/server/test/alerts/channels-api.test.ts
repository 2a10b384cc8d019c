import { channelSchema } from "@changeradar/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channels } from "../../src/db/schema/alerts";
import { ApiClient } from "../helpers/client";
import { startTestServer, type TestServer } from "../helpers/server";
import { accountOn } from "./support/accounts";

describe("channels API", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ALLOW_PRIVATE_TARGETS: "true" });
  });
  afterAll(async () => server?.close());

  const webhook = { type: "webhook", name: "CI", config: { url: "http://127.0.0.1:9/hook" } };

  it("walks 401 → 400 → 402 → 201", async () => {
    const anonymous = new ApiClient(server.baseUrl);
    expect((await anonymous.post("/channels", webhook)).status).toBe(401);

    const free = await accountOn(server, "Free");
    const invalid = await free.client.post("/channels", { type: "pager", name: "", config: {} });
    expect(invalid.status).toBe(400);

    const refused = await free.client.post<{ message: string }>("/channels", webhook);
    expect(refused.status).toBe(402);
    expect(refused.body.message).toMatch(/Webhook alerts need the Pro plan/);
    const slack = await free.client.post<{ message: string }>("/channels", {
      type: "slack",
      name: "Team",
      config: { url: "http://127.0.0.1:9/slack" },
    });
    expect(slack.status).toBe(402);
    expect(slack.body.message).toMatch(/Slack alerts need the Business plan/);

    const pro = await accountOn(server, "Pro");
    const created = await pro.client.post("/channels", webhook);
    expect(created.status).toBe(201);
    const channel = channelSchema.parse(created.body);
    expect(channel.secret).toMatch(/^whsec_/);
    expect(channel.config.secret).toMatch(/^••••/);

    const [row] = await server.database.handle.db.select().from(channels).where(eq(channels.id, channel.id));
    expect(row?.config).toEqual({ url: "http://127.0.0.1:9/hook" });
    expect(row?.sealedSecrets).toMatch(/^v1\./);
    expect(row?.sealedSecrets).not.toContain(channel.secret!.slice(6, 20));

    const listed = await pro.client.get<{ items: unknown[] }>("/channels");
    const [shown] = listed.body.items.map((item) => channelSchema.parse(item));
    expect(shown?.secret).toBeUndefined();
    expect(shown?.config.secret).toMatch(/^••••/);
    expect(shown?.config.url).toBe("http://127.0.0.1:9/hook");
  });

  it("refuses receivers on private addresses unless the deployment allows them", async () => {
    const strict = await server.startSibling({ ALLOW_PRIVATE_TARGETS: "false" });
    try {
      const pro = await accountOn(server, "Pro");
      const client = new ApiClient(strict.baseUrl);
      client.token = pro.client.token;
      for (const url of ["https://127.0.0.1/hook", "https://10.0.0.8/hook", "http://hooks.example.com/x"]) {
        const response = await client.post<{ errors: { path: string; msg: string }[] }>("/channels", {
          type: "webhook",
          name: "Internal",
          config: { url },
        });
        expect(response.status, url).toBe(400);
        expect(response.body.errors[0]?.path).toBe("config.url");
      }
    } finally {
      await strict.close();
    }
  });

  it("names the invalid config field", async () => {
    const pro = await accountOn(server, "Pro");
    const response = await pro.client.post<{ errors: { path: string; msg: string }[] }>("/channels", {
      type: "webhook",
      name: "Bad",
      config: { url: "ftp://example.com" },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]?.path).toBe("config.url");
  });

  it("answers 404 for another user's channel on every endpoint", async () => {
    const owner = await accountOn(server, "Business", { verified: true });
    const intruder = await accountOn(server, "Business", { verified: true });
    const created = await owner.client.post<{ id: string }>("/channels", {
      type: "email",
      name: "Inbox",
      config: { to: "someone-else@example.test" },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    for (const [method, path, body] of [
      ["DELETE", `/channels/${id}`, undefined],
      ["POST", `/channels/${id}/test`, undefined],
      ["POST", `/channels/${id}/verify`, { code: "123456" }],
      ["POST", `/channels/${id}/resend-verification`, undefined],
    ] as const) {
      const response = await intruder.client.request(method, path, body ? { json: body } : {});
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await intruder.client.get<{ items: unknown[] }>("/channels")).body.items).toEqual([]);
    expect((await intruder.client.request("DELETE", "/channels/not-a-uuid")).status).toBe(404);
    expect((await owner.client.request("DELETE", `/channels/${id}`)).status).toBe(204);
    expect((await owner.client.get<{ items: unknown[] }>("/channels")).body.items).toEqual([]);
  });

  it("verifies an email channel with the mailed code and refuses a test before that", async () => {
    const user = await accountOn(server, "Free", { verified: true });
    const to = `team-${user.id.slice(0, 8)}@example.test`;
    const created = await user.client.post<{ id: string; verified: boolean }>("/channels", {
      type: "email",
      name: "Team",
      config: { to },
    });
    expect(created.body.verified).toBe(false);
    expect((await user.client.post(`/channels/${created.body.id}/test`)).status).toBe(400);
    const mail = await server.smtp.waitForMail(
      (m) => m.to.includes(to) && m.subject.includes("verification code"),
    );
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const verified = await user.client.post<{ verified: boolean }>(`/channels/${created.body.id}/verify`, {
      code,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.verified).toBe(true);
    const test = await user.client.post<{ queued: boolean }>(`/channels/${created.body.id}/test`);
    expect(test.status).toBe(202);
  });

  it("counts the account's own verified address as verified at once", async () => {
    const user = await accountOn(server, "Free", { verified: true });
    const created = await user.client.post<{ verified: boolean }>("/channels", {
      type: "email",
      name: "Me",
      config: { to: user.email.toUpperCase() },
    });
    expect(created.body.verified).toBe(true);
  });
});
