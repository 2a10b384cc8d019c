import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { useAuthStore } from "../store/auth-store";
import { apiClient } from "./client";
import { readCookie } from "./cookies";

const user = {
  id: "u1",
  email: "jane@example.com",
  firstName: "Jane",
  lastName: "",
  planStatus: "active",
  planType: "Free",
  isAdmin: false,
  emailVerified: true,
  notificationPreferences: { alertMode: "immediate", digestHour: 8 },
} as const;

/** A real HTTP server standing in for the API: it records what arrives and answers like spec §7. */
let server: Server;
let original: Pick<typeof apiClient.defaults, "baseURL" | "adapter">;
const seen: { path: string; authorization?: string; xsrf?: string }[] = [];
let refreshWorks = true;

function record(request: IncomingMessage) {
  seen.push({
    path: request.url ?? "",
    authorization: request.headers.authorization,
    xsrf: request.headers["x-xsrf-token"] as string | undefined,
  });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    record(request);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.url === "/api/v1/auth/refresh")
      return refreshWorks
        ? send(200, { accessToken: "fresh-token", user })
        : send(401, { message: "Your session has ended. Please sign in again." });
    if (request.url === "/api/v1/users/me")
      return request.headers.authorization === "Bearer fresh-token"
        ? send(200, user)
        : send(403, { message: "Your session has expired." });
    send(404, { message: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  original = { baseURL: apiClient.defaults.baseURL, adapter: apiClient.defaults.adapter };
  apiClient.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  // jsdom's XMLHttpRequest would apply browser CORS to this other origin; Node's adapter talks to it directly.
  apiClient.defaults.adapter = "http";
});

afterAll(async () => {
  // The next file in this worker shares the client (vitest.config.ts: isolate false).
  Object.assign(apiClient.defaults, original);
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  seen.length = 0;
  refreshWorks = true;
  useAuthStore.getState().signOut();
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the XSRF cookie the browser would hold
  document.cookie = "XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT";
});

describe("apiClient (spec §4, §7)", () => {
  it("echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN and sends the bearer token", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the XSRF cookie the browser would hold
    document.cookie = "XSRF-TOKEN=abc123";
    useAuthStore.getState().signIn(user, "fresh-token");
    await apiClient.get("/users/me");
    expect(seen[0]).toEqual({
      path: "/api/v1/users/me",
      authorization: "Bearer fresh-token",
      xsrf: "abc123",
    });
  });

  it("on a 403 refreshes once and retries once with the new token", async () => {
    useAuthStore.getState().signIn(user, "expired-token");
    const response = await apiClient.get("/users/me");
    expect(response.data.email).toBe("jane@example.com");
    expect(seen.map((s) => s.path)).toEqual(["/api/v1/users/me", "/api/v1/auth/refresh", "/api/v1/users/me"]);
    expect(seen[1]!.authorization).toBeUndefined();
    expect(useAuthStore.getState().auth.accessToken).toBe("fresh-token");
  });

  it("signs out when the refresh fails, without retrying", async () => {
    refreshWorks = false;
    useAuthStore.getState().signIn(user, "expired-token");
    await expect(apiClient.get("/users/me")).rejects.toMatchObject({ response: { status: 403 } });
    expect(seen.map((s) => s.path)).toEqual(["/api/v1/users/me", "/api/v1/auth/refresh"]);
    expect(useAuthStore.getState().auth.user).toBeNull();
  });

  it("does not refresh for a call made without a token", async () => {
    await expect(apiClient.get("/users/me")).rejects.toMatchObject({ response: { status: 403 } });
    expect(seen.map((s) => s.path)).toEqual(["/api/v1/users/me"]);
  });

  it("reads cookies by name", () => {
    expect(readCookie("XSRF-TOKEN", "a=1; XSRF-TOKEN=x%3Dy; b=2")).toBe("x=y");
    expect(readCookie("missing", "a=1")).toBeNull();
  });
});
