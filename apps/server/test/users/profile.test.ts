import { messages, profileSchema } from "@changeradar/contracts";
import { describe, expect, it } from "vitest";
import { ApiClient } from "../helpers/client";
import { useTestServer } from "../helpers/server";
import { createAccount } from "../helpers/users";

const t = useTestServer();

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(120, 7),
]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const webp = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.alloc(4),
  Buffer.from("WEBPVP8 "),
  Buffer.alloc(32, 2),
]);

function profileForm(fields: Record<string, string>, avatar?: { bytes: Buffer; type: string; name: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (avatar)
    form.append("avatar", new Blob([new Uint8Array(avatar.bytes)], { type: avatar.type }), avatar.name);
  return form;
}

describe("GET /users/me", () => {
  it("answers the profile in the contract's shape", async () => {
    const { client, email } = await createAccount(t.server);
    const me = await client.get("/users/me");
    expect(me.status).toBe(200);
    expect(profileSchema.parse(me.body)).toMatchObject({ email, avatarUrl: null });
  });
});

describe("PATCH /users/update-merchant", () => {
  it("updates names and stores the avatar, served back with its real type", async () => {
    const { client, id } = await createAccount(t.server);
    const form = profileForm(
      { firstName: "Grace", lastName: "Hopper" },
      { bytes: png, type: "image/png", name: "me.png" },
    );
    const updated = await client.request("PATCH", "/users/update-merchant", { form });
    expect(updated.status).toBe(200);
    const profile = profileSchema.parse(updated.body);
    expect(profile).toMatchObject({ firstName: "Grace", lastName: "Hopper" });
    expect(profile.avatarUrl).toMatch(new RegExp(`^/api/v1/users/avatar/${id}\\?v=[0-9a-f]{16}$`));

    const image = await fetch(`${t.server.baseUrl}${profile.avatarUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
  });

  it("trusts the bytes, not the declared type: a JPEG sent as PNG is served as JPEG", async () => {
    const { client, id } = await createAccount(t.server);
    const form = profileForm({ firstName: "Ada" }, { bytes: jpeg, type: "image/png", name: "x.png" });
    expect((await client.request("PATCH", "/users/update-merchant", { form })).status).toBe(200);
    const image = await fetch(`${t.server.baseUrl}/api/v1/users/avatar/${id}`);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    const webpForm = profileForm({ firstName: "Ada" }, { bytes: webp, type: "image/webp", name: "x.webp" });
    expect((await client.request("PATCH", "/users/update-merchant", { form: webpForm })).status).toBe(200);
  });

  it("refuses a file that is not a PNG, JPEG or WebP image", async () => {
    const { client } = await createAccount(t.server);
    const fake = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");
    const form = profileForm({ firstName: "Ada" }, { bytes: fake, type: "image/png", name: "evil.png" });
    const response = await client.request("PATCH", "/users/update-merchant", { form });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: "The avatar must be a PNG, JPEG or WebP image.",
      errors: [{ path: "avatar", msg: "The avatar must be a PNG, JPEG or WebP image." }],
    });
  });

  it("refuses an avatar over 2 MB", async () => {
    const { client } = await createAccount(t.server);
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const form = profileForm({ firstName: "Ada" }, { bytes: big, type: "image/png", name: "big.png" });
    const response = await client.request("PATCH", "/users/update-merchant", { form });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: "The avatar must be 2 MB or smaller." });
  });

  it("validates the fields and needs multipart and a session", async () => {
    const { client } = await createAccount(t.server);
    const empty = await client.request("PATCH", "/users/update-merchant", {
      form: profileForm({ firstName: " " }),
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ path: "firstName", msg: messages.firstNameRequired }]);
    const extra = await client.request("PATCH", "/users/update-merchant", {
      form: profileForm({ firstName: "A", isAdmin: "true" }),
    });
    expect(extra.body.errors).toEqual([{ path: "isAdmin", msg: "Unknown field" }]);
    const json = await client.request("PATCH", "/users/update-merchant", { json: { firstName: "A" } });
    expect(json.status).toBe(400);
    const anonymous = new ApiClient(t.server.baseUrl);
    expect(
      (await anonymous.request("PATCH", "/users/update-merchant", { form: profileForm({ firstName: "A" }) }))
        .status,
    ).toBe(401);
  });

  it("has no avatar to serve for unknown users or users without one", async () => {
    const { id } = await createAccount(t.server);
    expect((await fetch(`${t.server.baseUrl}/api/v1/users/avatar/${id}`)).status).toBe(404);
    expect((await fetch(`${t.server.baseUrl}/api/v1/users/avatar/not-a-uuid`)).status).toBe(404);
  });
});

describe("PATCH /users/update-password", () => {
  it("needs the current password", async () => {
    const { client } = await createAccount(t.server);
    const wrong = await client.request("PATCH", "/users/update-password", {
      json: { currentPassword: "nope", newPassword: "whatever" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { path: "currentPassword", msg: "The current password is not correct." },
    ]);
    const short = await client.request("PATCH", "/users/update-password", {
      json: { currentPassword: "nope", newPassword: "ab" },
    });
    expect(short.body.errors).toEqual([{ path: "newPassword", msg: messages.passwordMin }]);
  });

  it("keeps this session and ends the others", async () => {
    const user = await createAccount(t.server);
    const otherDevice = new ApiClient(t.server.baseUrl);
    await otherDevice.post("/auth/login", { email: user.email, password: user.password });
    const change = await user.client.request("PATCH", "/users/update-password", {
      json: { currentPassword: user.password, newPassword: "fresh one" },
    });
    expect(change.body).toEqual({ message: "Password updated successfully!" });
    expect((await user.client.get("/auth/refresh", { xsrf: true })).status).toBe(200);
    expect((await otherDevice.get("/auth/refresh", { xsrf: true })).status).toBe(401);
  });
});
