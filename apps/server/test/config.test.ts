import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "changeradar-config-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("loadConfig", () => {
  it("has the documented defaults", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      dataDir,
      databaseUrl: null,
      appUrl: "http://localhost:8080",
      smtpUrl: null,
      supportEmail: "support@changeradar.app",
      chromiumPath: "/usr/bin/chromium",
      allowPrivateTargets: false,
      rateLimitScale: 1,
      secureCookies: false,
      logLevel: "info",
    });
  });

  it("generates a JWT secret once and keeps it in DATA_DIR", () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, "jwt-secret"), "utf8").trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "s".repeat(32) }).jwtSecret).toBe("s".repeat(32));
  });

  it("lists every problem, one line each", () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: tempDir(),
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        JWT_SECRET: "short",
        ALLOW_PRIVATE_TARGETS: "maybe",
        ADMIN_EMAIL: "not-an-email",
        RATE_LIMIT_SCALE: "0",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      "PORT: must be a number",
      "DATABASE_URL: must start with postgres:// or postgresql://",
      "JWT_SECRET: must be at least 32 characters long",
      "ALLOW_PRIVATE_TARGETS: must be true or false",
      "ADMIN_EMAIL: must be a valid email address",
      "RATE_LIMIT_SCALE: must be greater than 0",
    ]);
  });

  it("treats empty variables as unset and https APP_URL as secure cookies", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      SMTP_URL: "",
      APP_URL: "https://radar.example.com/",
      ADMIN_EMAIL: "Boss@Example.com",
    });
    expect(config.smtpUrl).toBeNull();
    expect(config.appUrl).toBe("https://radar.example.com");
    expect(config.secureCookies).toBe(true);
    expect(config.adminEmail).toBe("boss@example.com");
  });
});
