import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../helpers/database";
import { uniqueEmail } from "../helpers/users";
import { startLoggedApp } from "./logged-app";

const database = useTestDatabase();
let server: Awaited<ReturnType<typeof startLoggedApp>>;
beforeAll(async () => {
  server = await startLoggedApp(database);
});
afterAll(async () => {
  await server?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("request ids and what the log keeps", () => {
  it("writes no query-string value to the log (tokens and tickets travel there)", async () => {
    const secret = "eyJhbGciOiJIUzI1NiJ9.secret-token-value";
    await fetch(`${server.baseUrl}/api/v1/events?access_token=${secret}&ticket=abc123ticket`);
    const logged = JSON.stringify(server.lines);
    expect(logged).not.toContain("secret-token-value");
    expect(logged).not.toContain("abc123ticket");
    const incoming = server.lines.find(
      (line) =>
        line.msg === "incoming request" &&
        String((line.req as { url: string }).url).startsWith("/api/v1/events"),
    );
    expect((incoming?.req as { url: string } | undefined)?.url).toBe(
      "/api/v1/events?access_token=[redacted]&ticket=[redacted]",
    );
  });

  it("gives each request an id, echoes it, and keeps a well-formed incoming X-Request-Id", async () => {
    const fresh = await fetch(`${server.baseUrl}/api/v1/health`);
    expect(fresh.headers.get("x-request-id")).toMatch(UUID);
    const other = await fetch(`${server.baseUrl}/api/v1/health`);
    expect(other.headers.get("x-request-id")).not.toBe(fresh.headers.get("x-request-id"));

    const kept = await fetch(`${server.baseUrl}/api/v1/health`, {
      headers: { "x-request-id": "lb-7f3a.2:9" },
    });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a.2:9");
    for (const hostile of ["<script>alert(1)</script>", "a".repeat(200), "two words", "-leading-dash"]) {
      const replaced = await fetch(`${server.baseUrl}/api/v1/health`, {
        headers: { "x-request-id": hostile },
      });
      expect(replaced.headers.get("x-request-id")).toMatch(UUID);
    }
    expect(JSON.stringify(server.lines)).not.toContain("<script>");
  });

  it("puts the request id on every line written while serving it, services' lines included", async () => {
    const email = uniqueEmail();
    const response = await fetch(`${server.baseUrl}/api/v1/users/forgot-password`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "trace-forgot-1" },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(200);
    await expect
      .poll(() => server.lines.filter((line) => line.reqId === "trace-forgot-1").map((line) => line.msg))
      .toEqual(expect.arrayContaining(["incoming request", "request completed"]));
    // Sign-up sends its code through the mailer (no SMTP: the mail is logged by the app's logger, not
    // request.log) after the body was parsed: that line carries the id too.
    const signUp = await fetch(`${server.baseUrl}/api/v1/users/new-merchant`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "trace-signup-1" },
      body: JSON.stringify({
        email: uniqueEmail(),
        password: "correct horse 1!",
        firstName: "Ada",
        lastName: "L",
        planType: "Free",
        period: "monthly",
      }),
    });
    expect(signUp.status).toBe(200);
    await expect
      .poll(() => server.lines.filter((line) => line.reqId === "trace-signup-1").map((line) => line.msg))
      .toContain("email (no SMTP_URL: logged, not sent)");
    const mailLine = server.lines.find((line) => line.msg === "email (no SMTP_URL: logged, not sent)");
    expect(JSON.stringify(mailLine).match(/"reqId"/g)).toHaveLength(1);
  });
});
