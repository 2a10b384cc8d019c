import { DOMParser } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server";
import { createUser } from "../helpers/users";
import { insertMonitors, signInAdmin } from "./admin-fixtures";

const t = useTestServer();

type Audit = {
  items: Array<{ actor: string; action: string; targetId: string; changes: Record<string, unknown> }>;
};
const latestAudit = async (action: string) => {
  const admin = await signInAdmin(t.server);
  return (await admin.client.get<Audit>(`/admin/audit?action=${action}`)).body.items[0];
};

describe("admin actions: effects and audit entries", () => {
  it("a downgrade pauses extra monitors; disable refuses sign-in, ends sessions, pauses; enable resumes", async () => {
    const admin = await signInAdmin(t.server);
    const customer = await createUser(t.server);
    const up = await admin.client.post(`/admin/customers/${customer.id}/plan`, { planType: "Pro" });
    expect(up.status).toBe(200);
    // The plan change's answer, nothing of the customer's account row (it once carried it, password hash included).
    expect(Object.keys(up.body).sort()).toEqual(["message", "paused", "slowedDown"]);
    await insertMonitors(t.server.database.handle.db, customer.id, 3, { frequency: "1h" });
    const down = await admin.client.post(`/admin/customers/${customer.id}/plan`, { planType: "Free" });
    expect(down.body).toMatchObject({ paused: 2 });
    expect(down.body.slowedDown).toBeGreaterThanOrEqual(1);
    expect(await latestAudit("user.plan_change")).toMatchObject({
      actor: "admin@changeradar.test",
      targetId: customer.id,
      changes: { planType: { from: "Pro", to: "Free" }, monitorsPaused: 2 },
    });

    const disabled = await admin.client.post(`/admin/customers/${customer.id}/disable`);
    expect(disabled.status).toBe(200);
    const login = await t.anonymous.post("/auth/login", {
      email: customer.email,
      password: customer.password,
    });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe("This account is disabled. Please contact support.");
    expect((await customer.client.get("/users/me")).status).toBe(403);
    expect((await customer.client.get("/auth/refresh")).status).not.toBe(200);
    const detail = await admin.client.get<{ monitors: Array<{ paused: boolean; pausedReason: string }> }>(
      `/admin/customers/${customer.id}`,
    );
    expect(detail.body.monitors.map((m) => m.pausedReason).sort()).toEqual(["disabled", "plan", "plan"]);
    expect(await latestAudit("user.disable")).toMatchObject({ changes: { monitorsPaused: 1 } });

    expect((await admin.client.post(`/admin/customers/${customer.id}/enable`)).status).toBe(200);
    const after = await admin.client.get<{
      monitors: Array<{ paused: boolean; pausedReason: string | null }>;
    }>(`/admin/customers/${customer.id}`);
    expect(after.body.monitors.map((m) => m.pausedReason).sort()).toEqual([null, "plan", "plan"]);
    expect(await latestAudit("user.enable")).toMatchObject({ changes: { monitorsResumed: 1 } });
    const again = await t.anonymous.post("/auth/login", {
      email: customer.email,
      password: customer.password,
    });
    expect(again.status).toBe(200);
    expect((await admin.client.post(`/admin/customers/${admin.id}/disable`)).status).toBe(409);
  });

  it("an edited template is what the product sends; preview, test send over SMTP and reset are audited", async () => {
    const admin = await signInAdmin(t.server);
    const edit = {
      subject: "New note: {{subject}}",
      heading: "Contact",
      body: "{{name}} wrote:\n\n{{message}}",
    };
    const unknown = await admin.client.request("PUT", "/admin/mail-templates/contact-message", {
      json: { ...edit, body: "{{password}}" },
    });
    expect(unknown.status).toBe(400);
    expect(
      (await admin.client.request("PUT", "/admin/mail-templates/contact-message", { json: edit })).status,
    ).toBe(200);
    const preview = await admin.client.post<{ subject: string; html: string }>(
      "/admin/mail-templates/contact-message/preview",
      { ...edit, body: "{{name}} <b>{{message}}</b>" },
    );
    expect(preview.body.subject).toBe("New note: My monitor shows no changes");
    expect(preview.body.html).toContain("Ada Lovelace &lt;b&gt;");

    await t.anonymous.post("/users/contactus", {
      name: "Rita",
      email: "rita@example.test",
      subject: "Hello",
      message: "Hi there",
    });
    const sent = await t.server.smtp.waitForMail((m) => m.subject === "New note: Hello");
    expect(sent.text).toContain("Rita wrote:");

    const test = await admin.client.post<{ status: string }>(
      "/admin/mail-templates/contact-message/test",
      {},
    );
    expect(test.body.status).toBe("sent");
    await t.server.smtp.waitForMail((m) => m.subject === "[Test] New note: My monitor shows no changes");
    expect((await admin.client.post("/admin/mail-templates/contact-message/reset")).body).toMatchObject({
      customised: false,
      subject: "[Contact] {{subject}}",
    });
    for (const action of ["mail_template.edit", "mail_template.test_send", "mail_template.reset"]) {
      expect(await latestAudit(action)).toMatchObject({ targetId: "contact-message" });
    }
  });

  it("blog: scripts, handlers and javascript: links are gone; slugs are unique; RSS parses", async () => {
    const admin = await signInAdmin(t.server);
    const markdown =
      '# Title\n\n<script>alert(1)</script>\n\n<img src="x" onerror="alert(2)">\n\n[click](javascript:alert(3))\n\n**bold**';
    const first = await admin.client.post<{ id: string; slug: string; html: string }>("/admin/blog", {
      title: "Hello, World!",
      markdown,
    });
    expect(first.status).toBe(200);
    expect(first.body.slug).toBe("hello-world");
    expect(first.body.html).not.toMatch(/<script|onerror|javascript:/i);
    expect(first.body.html).toContain("<strong>bold</strong>");
    const second = await admin.client.post<{ slug: string }>("/admin/blog", {
      title: "Hello world",
      markdown: "x",
    });
    expect(second.body.slug).toBe("hello-world-2");
    const taken = await admin.client.post("/admin/blog", {
      title: "Other",
      slug: "hello-world",
      markdown: "x",
    });
    expect(taken.status).toBe(409);

    expect((await t.anonymous.get("/blog/posts/by-slug/hello-world")).status).toBe(404);
    await admin.client.post(`/admin/blog/${first.body.id}/publish`);
    expect((await t.anonymous.get("/blog/posts/by-slug/hello-world")).status).toBe(200);
    expect(await latestAudit("blog.publish")).toMatchObject({ targetId: first.body.id });

    const rss = await fetch(`${t.server.baseUrl}/api/v1/blog/rss.xml`);
    expect(rss.headers.get("content-type")).toContain("application/rss+xml");
    const doc = new DOMParser().parseFromString(await rss.text(), "text/xml");
    expect(doc.documentElement?.getAttribute("version")).toBe("2.0");
    const titles = Array.from(doc.getElementsByTagName("item")).map(
      (i) => i.getElementsByTagName("title")[0]?.textContent,
    );
    expect(titles).toEqual(["Hello, World!"]);
  });
});
