import { describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server";
import { createUser } from "../helpers/users";
import { signInAdmin } from "./admin-fixtures";

const t = useTestServer();

type Route = { method: string; path: (ids: Ids) => string; body?: unknown; ok?: number };
interface Ids {
  customer: string;
  request: string;
  post: string;
  mail: string;
}

/** Every admin API route, with a valid body, in an order where each 200 leaves the next one valid. */
const routes: Route[] = [
  { method: "GET", path: () => "/admin/dashboard" },
  { method: "GET", path: () => "/admin/audit?page=1&pageSize=5" },
  { method: "GET", path: () => "/admin/customers?q=ada" },
  { method: "GET", path: (ids) => `/admin/customers/${ids.customer}` },
  { method: "POST", path: (ids) => `/admin/customers/${ids.customer}/plan`, body: { planType: "Pro" } },
  {
    method: "POST",
    path: (ids) => `/admin/support-requests/${ids.request}/replies`,
    body: { message: "Hi!" },
  },
  { method: "POST", path: (ids) => `/admin/customers/${ids.customer}/disable` },
  { method: "POST", path: (ids) => `/admin/customers/${ids.customer}/enable` },
  { method: "GET", path: () => "/admin/mail-log?status=sent" },
  { method: "GET", path: (ids) => `/admin/mail-log/${ids.mail}` },
  { method: "GET", path: () => "/admin/mail-templates" },
  { method: "GET", path: () => "/admin/mail-templates/reset-code" },
  {
    method: "PUT",
    path: () => "/admin/mail-templates/reset-code",
    body: { subject: "{{code}} is your ChangeRadar password reset code", heading: "Reset", body: "{{code}}" },
  },
  {
    method: "POST",
    path: () => "/admin/mail-templates/reset-code/preview",
    body: { subject: "S", heading: "H", body: "B {{firstName}}" },
  },
  { method: "POST", path: () => "/admin/mail-templates/reset-code/test", body: {} },
  { method: "POST", path: () => "/admin/mail-templates/reset-code/reset" },
  { method: "GET", path: () => "/admin/blog" },
  { method: "POST", path: () => "/admin/blog/preview", body: { markdown: "# Hi" } },
  { method: "GET", path: (ids) => `/admin/blog/${ids.post}` },
  { method: "PUT", path: (ids) => `/admin/blog/${ids.post}`, body: { title: "Edited", markdown: "Text" } },
  { method: "POST", path: (ids) => `/admin/blog/${ids.post}/publish` },
  { method: "POST", path: (ids) => `/admin/blog/${ids.post}/unpublish` },
  { method: "POST", path: () => "/admin/blog", body: { title: "Another", markdown: "Body" } },
];

describe("every admin route: 401 without credentials, 403 for a customer, 200 for the administrator", () => {
  it("walks 401 → 403 → 200", async () => {
    const admin = await signInAdmin(t.server);
    const customer = await createUser(t.server);
    const outsider = await createUser(t.server);
    await customer.client.post("/users/gethelp", { subject: "Help", message: "Please" });
    const [request] = (await customer.client.get<Array<{ id: string }>>("/users/gethelp")).body;
    const post = await admin.client.post<{ id: string }>("/admin/blog", {
      title: "First",
      markdown: "Hello",
    });
    await t.server.smtp.waitForMail((m) => m.subject === "[Support] Help");
    const mails = await admin.client.get<{ items: Array<{ id: string }> }>("/admin/mail-log");
    const ids: Ids = {
      customer: customer.id,
      request: request!.id,
      post: post.body.id,
      mail: mails.body.items[0]!.id,
    };

    for (const route of routes) {
      const path = route.path(ids);
      const json = route.body;
      const anonymous = await t.anonymous.request(route.method, path, { json });
      expect(anonymous.status, `${route.method} ${path} anonymous`).toBe(401);
      const refused = await outsider.client.request(route.method, path, { json });
      expect(refused.status, `${route.method} ${path} customer`).toBe(403);
      expect(refused.body).toEqual({ message: "This area is for administrators only." });
      const allowed = await admin.client.request(route.method, path, { json });
      expect(allowed.status, `${route.method} ${path} admin: ${JSON.stringify(allowed.body)}`).toBe(
        route.ok ?? 200,
      );
    }
    // The cover upload is multipart: the same walk.
    const cover = () => {
      const form = new FormData();
      form.append("cover", new Blob([new Uint8Array(pngBytes())], { type: "image/png" }), "cover.png");
      return form;
    };
    const coverPath = `/admin/blog/${ids.post}/cover`;
    expect((await t.anonymous.request("POST", coverPath, { form: cover() })).status).toBe(401);
    expect((await outsider.client.request("POST", coverPath, { form: cover() })).status).toBe(403);
    expect((await admin.client.request("POST", coverPath, { form: cover() })).status).toBe(200);
  });
});

/** A valid 1×1 PNG. */
export function pngBytes(): Buffer {
  return Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
}
