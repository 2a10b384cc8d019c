import { messages, supportRequestSchema } from "@changeradar/contracts";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server";
import { createAccount, uniqueEmail } from "../helpers/users";

const t = useTestServer();

describe("POST and GET /users/gethelp", () => {
  it("stores the request, mails support with the user as reply-to, and lists it back", async () => {
    const user = await createAccount(t.server);
    const sent = await user.client.post("/users/gethelp", {
      subject: "Monitor stuck!",
      message: "It never checks.",
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatch(/support team/);
    const mail = await t.server.smtp.waitForMail((m) => m.subject === "[Support] Monitor stuck!");
    expect(mail.to).toEqual(["support@changeradar.test"]);
    expect(mail.replyTo).toContain(user.email);
    expect(mail.text).toContain("It never checks.");

    const list = await user.client.get<unknown[]>("/users/gethelp");
    expect(list.status).toBe(200);
    expect(list.body.map((r) => supportRequestSchema.parse(r))).toMatchObject([
      { subject: "Monitor stuck!", message: "It never checks.", status: "open" },
    ]);
    const other = await createAccount(t.server);
    expect((await other.client.get<unknown[]>("/users/gethelp")).body).toEqual([]);
  });

  it("validates subject and message with the spec's messages", async () => {
    const { client } = await createAccount(t.server);
    const empty = await client.post("/users/gethelp", { subject: "", message: "" });
    expect(empty.body.errors).toEqual([
      { path: "subject", msg: messages.subjectRequired },
      { path: "message", msg: messages.messageRequired },
    ]);
    const long = await client.post("/users/gethelp", { subject: "s".repeat(41), message: "m".repeat(501) });
    expect(long.body.errors).toEqual([
      { path: "subject", msg: messages.subjectMax },
      { path: "message", msg: messages.messageMax },
    ]);
    const script = await client.post("/users/gethelp", {
      subject: "<script>",
      message: "'; DROP TABLE users; --",
    });
    expect(script.body.errors).toEqual([
      { path: "subject", msg: messages.onlyAlphanumeric },
      { path: "message", msg: messages.onlyAlphanumeric },
    ]);
    expect((await client.post("/users/gethelp", { subject: "Hi", message: "m".repeat(500) })).status).toBe(
      200,
    );
  });

  it("needs a signed-in user", async () => {
    expect((await t.anonymous.post("/users/gethelp", { subject: "a", message: "b" })).status).toBe(401);
    expect((await t.anonymous.get("/users/gethelp")).status).toBe(401);
  });
});

describe("POST /users/contactus", () => {
  it("stores the message and mails support, escaping the HTML copy", async () => {
    const email = uniqueEmail("visitor");
    const response = await t.anonymous.post("/users/contactus", {
      name: "<b>Visitor</b>",
      email,
      message: "Do you monitor PDFs too",
      type: "contact us",
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toMatch(/Thank you/);
    const mail = await t.server.smtp.waitForMail((m) => m.replyTo.includes(email));
    expect(mail.to).toEqual(["support@changeradar.test"]);
    expect(mail.text).toContain("Do you monitor PDFs too");
    expect(mail.html).toContain("&lt;b&gt;Visitor&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Visitor</b>");
  });

  it("validates name, email, message and type", async () => {
    const bad = await t.anonymous.post("/users/contactus", {
      name: "",
      email: "nope",
      message: "",
      type: "spam",
    });
    expect(bad.status).toBe(400);
    expect((bad.body.errors as Array<{ path: string }>).map((e) => e.path)).toEqual([
      "name",
      "email",
      "message",
      "type",
    ]);
  });
});

describe("POST /auth/record-visitor", () => {
  it("counts a visit with or without a body, once per session per day", async () => {
    expect((await t.anonymous.post("/auth/record-visitor")).status).toBe(200);
    const withId = await t.anonymous.post("/auth/record-visitor", { sessionId: "session-0123456789" });
    expect(withId.body).toEqual({ message: "Visit recorded." });
    expect((await t.anonymous.post("/auth/record-visitor", { sessionId: "session-0123456789" })).status).toBe(
      200,
    );
    expect((await t.anonymous.post("/auth/record-visitor", { sessionId: 42 })).status).toBe(400);
  });
});
