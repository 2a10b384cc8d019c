import { readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../helpers/client";
import { embeddedDataDir, postgresPass } from "../helpers/database";
import { type RunningServe, runCli as runCliProcess, startServe } from "../helpers/processes";

const adminEmail = "admin@changeradar.test";

/** `changeradar plan` while `changeradar serve` holds the embedded database in the same DATA_DIR. */
describe.skipIf(postgresPass)("changeradar plan against a running serve on the embedded database", () => {
  let dataDir: string;
  let server: RunningServe;
  let baseUrl: string;
  const env = () => ({
    PATH: process.env.PATH ?? "",
    DATA_DIR: dataDir,
    JWT_SECRET: "plan-live-test-secret-plan-live-test-secret",
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: adminEmail,
    RATE_LIMIT_SCALE: "100",
  });

  beforeAll(async () => {
    dataDir = embeddedDataDir("changeradar-plan-live-");
    // At info level the server logs each mail it cannot send (no SMTP_URL): the admin's code is read there.
    server = await startServe({ ...env(), LOG_LEVEL: "info" });
    baseUrl = server.baseUrl;
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const runCli = (args: string[]) => runCliProcess(args, env());

  async function signUp(email: string): Promise<ApiClient> {
    const client = new ApiClient(baseUrl);
    const response = await client.post<{ accessToken: string }>("/users/new-merchant", {
      email,
      password: "correct horse 1!",
      firstName: "Cli",
      planType: "Free",
      period: "monthly",
    });
    expect(response.status).toBe(200);
    client.token = response.body.accessToken;
    return client;
  }

  /** ADMIN_EMAIL is an admin once the address is verified with the code the server logged. */
  async function signUpAdmin(): Promise<ApiClient> {
    const client = await signUp(adminEmail);
    const userId = (await client.get<{ id: string }>("/users/me")).body.id;
    let code: string | undefined;
    for (let i = 0; i < 100 && !code; i++) {
      code = new RegExp(
        `"to":"${adminEmail}","subject":"(\\d{6}) is your ChangeRadar verification code`,
      ).exec(server.log())?.[1];
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    const verified = await client.post("/users/verify-passcode", {
      id: userId,
      passcode: code,
      isVerifyEmail: true,
    });
    expect(verified.status).toBe(200);
    return client;
  }

  it("is handed to the server, changes the plan through the same path and is audited as cli", async () => {
    const customer = await signUp("cli-customer@example.test");
    const admin = await signUpAdmin();

    const result = await runCli(["plan", "cli-customer@example.test", "Pro"]);
    expect(result, result.err).toMatchObject({ code: 0 });
    expect(result.out).toContain("cli-customer@example.test is now on the Pro plan (active).");

    const me = await customer.get<{ planType: string; planStatus: string }>("/users/me");
    expect(me.body).toMatchObject({ planType: "Pro", planStatus: "active" });
    const audit = await admin.get<{ items: Array<Record<string, unknown>> }>(
      "/admin/audit?action=user.plan_change",
    );
    expect(audit.body.items[0]).toMatchObject({
      actor: "cli",
      action: "user.plan_change",
      targetLabel: "cli-customer@example.test",
      changes: { planType: { from: "Free", to: "Pro" } },
    });

    const unknown = await runCli(["plan", "nobody@example.test", "Pro"]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("No account with the email nobody@example.test.");
  });

  it("keeps the channel's secret in a file only the owner can read, and refuses a wrong secret", async () => {
    const mode = statSync(join(dataDir, "control-secret")).mode & 0o777;
    expect(mode).toBe(0o600);
    const { port } = JSON.parse(readFileSync(join(dataDir, "control.json"), "utf8")) as { port: number };
    const refused = await fetch(`http://127.0.0.1:${port}/plan`, {
      method: "POST",
      headers: { "x-changeradar-control": "0".repeat(64) },
      body: JSON.stringify({ args: ["cli-customer@example.test", "Free"] }),
    });
    expect(refused.status).toBe(403);
  });
});
