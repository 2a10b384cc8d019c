import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountOn } from "../alerts/support/accounts";
import { startTestServer, type TestServer } from "../helpers/server";

describe("feedback API", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it("stores feedback, mails it to support and lists the user's own", async () => {
    const user = await accountOn(server, "Free");
    const other = await accountOn(server, "Free");
    expect((await user.client.post("/feedback", { rating: 0, message: "x" })).status).toBe(400);
    expect((await user.client.post("/feedback", { rating: 5, message: "" })).status).toBe(400);

    const created = await user.client.post<{ id: string; rating: number }>("/feedback", {
      rating: 4,
      message: "Great alerts",
    });
    expect(created.status).toBe(201);
    expect(created.body.rating).toBe(4);
    const mail = await server.smtp.waitForMail(
      (m) => m.to.includes("support@changeradar.test") && m.text.includes("Great alerts"),
    );
    expect(mail.subject).toContain("Feedback 4/5");
    expect(mail.replyTo).toContain(user.email);

    const mine = await user.client.get<{ items: { id: string; message: string }[] }>("/feedback");
    expect(mine.body.items).toEqual([
      expect.objectContaining({ id: created.body.id, message: "Great alerts" }),
    ]);
    expect((await other.client.get<{ items: unknown[] }>("/feedback")).body.items).toEqual([]);
  });
});
