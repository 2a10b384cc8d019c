import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger";
import { useTestDatabase } from "../helpers/database";
import { startLoggedApp } from "./logged-app";

/** U+0000 cannot be stored in PostgreSQL text: it is refused at the door with a clear 400, never a 500. */
const database = useTestDatabase();
let app: Awaited<ReturnType<typeof startLoggedApp>>;
beforeAll(async () => {
  app = await startLoggedApp(database);
});
afterAll(async () => {
  await app?.close();
});

const post = (path: string, body: unknown) =>
  fetch(`${app.baseUrl}/api/v1${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("NUL characters", () => {
  it("in a sign-up's name, email or password: 400 naming the field, and nothing sensitive logged", async () => {
    const email = `nul-${Date.now()}@example.test`;
    for (const body of [
      { email, password: "secret pass", firstName: "A\u0000B", planType: "Free", period: "monthly" },
      {
        email: `a\u0000${email}`,
        password: "secret pass",
        firstName: "A",
        planType: "Free",
        period: "monthly",
      },
      { email, password: "secret\u0000pass", firstName: "A", planType: "Free", period: "monthly" },
    ]) {
      const response = await post("/users/new-merchant", body);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { message: string };
      expect(answer.message).toMatch(/NUL/);
    }
    expect(JSON.stringify(app.lines)).not.toContain(email);
  });

  it("in a query string or a nested value: 400", async () => {
    const query = await fetch(`${app.baseUrl}/api/v1/blog?search=a%00b`);
    expect(query.status).toBeLessThan(500);
    const nested = await post("/users/contactus", {
      name: "N",
      email: "n@example.test",
      message: "x\u0000y",
    });
    expect(nested.status).toBe(400);
  });

  it("a database error's query parameters never reach the log", () => {
    let written = "";
    const sink = new Writable({
      write(chunk, _encoding, done) {
        written += String(chunk);
        done();
      },
    });
    const log = createLogger({ logLevel: "info" }, sink);
    const cause = Object.assign(new Error("invalid byte sequence"), {
      detail: "Key (email)=(victim@example.test)",
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ["victim@example.test", "$argon2id$v=19$secret"],
      cause,
    );
    log.error({ err: error }, "request failed");
    expect(written).toContain("request failed");
    expect(written).not.toContain("victim@example.test");
    expect(written).not.toContain("$argon2id");
  });
});
