import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { mailLog } from "../../src/db/schema";
import { createLogger } from "../../src/logger";
import { createMailer } from "../../src/mail/mailer";
import { renderTemplate } from "../../src/mail/template-render";
import { type SystemMailKey, templateDefinition } from "../../src/mail/templates";
import { useTestDatabase } from "../helpers/database";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

const database = useTestDatabase();
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const configWith = (env: Record<string, string>) =>
  loadConfig({
    DATA_DIR: database.location.dataDir,
    JWT_SECRET: "x".repeat(40),
    LOG_LEVEL: "silent",
    ...env,
  });

/** A system email with its default wording. */
function defaultMail(key: SystemMailKey, vars: Record<string, string>) {
  const definition = templateDefinition(key)!;
  return renderTemplate(definition, definition, vars);
}
const verificationCodeMail = (vars: Record<string, string>) => defaultMail("verification-code", vars);
const resetCodeMail = (vars: Record<string, string>) => defaultMail("reset-code", vars);

async function logged(to: string) {
  return database.db.select().from(mailLog).where(eq(mailLog.to, to)).orderBy(desc(mailLog.createdAt));
}

describe("the mailer", () => {
  it("sends over SMTP and records the mail as sent", async () => {
    const mailer = createMailer({
      config: configWith({ SMTP_URL: smtp.url }),
      db: database.db,
      log: createLogger({ logLevel: "silent" }),
    });
    const mail = verificationCodeMail({ firstName: "Ada", code: "123456", appUrl: "http://localhost:8080" });
    expect(await mailer.send({ to: "sent@example.test", ...mail })).toEqual({ status: "sent" });
    const received = await smtp.waitForMail((m) => m.to.includes("sent@example.test"));
    expect(received.from).toContain("no-reply@changeradar.app");
    expect(received.text).toContain("123456");
    expect(received.html).toContain("123456");
    expect(await logged("sent@example.test")).toMatchObject([
      { status: "sent", template: "verification-code", error: null },
    ]);
    await mailer.close();
  });

  it("without SMTP_URL logs the mail (code included) and records it as logged", async () => {
    const lines: string[] = [];
    const { default: pino } = await import("pino");
    const log = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
    const mailer = createMailer({ config: configWith({}), db: database.db, log });
    const mail = resetCodeMail({ firstName: "Ada", code: "654321", appUrl: "http://localhost:8080" });
    expect(await mailer.send({ to: "logged@example.test", ...mail })).toEqual({ status: "logged" });
    expect(lines.join("")).toContain("654321");
    expect(await logged("logged@example.test")).toMatchObject([{ status: "logged", template: "reset-code" }]);
  });

  it("records a delivery failure instead of throwing", async () => {
    const mailer = createMailer({
      config: configWith({ SMTP_URL: "smtp://127.0.0.1:1" }),
      db: database.db,
      log: createLogger({ logLevel: "silent" }),
    });
    const mail = verificationCodeMail({ firstName: "Ada", code: "111111", appUrl: "http://localhost:8080" });
    const result = await mailer.send({ to: "failed@example.test", ...mail });
    expect(result.status).toBe("failed");
    expect(result.error).toMatch(/ECONNREFUSED|connect/i);
    expect(await logged("failed@example.test")).toMatchObject([{ status: "failed" }]);
    await mailer.close();
  });

  it("close waits for sends still under way", async () => {
    const mailer = createMailer({
      config: configWith({ SMTP_URL: smtp.url }),
      db: database.db,
      log: createLogger({ logLevel: "silent" }),
    });
    const mail = resetCodeMail({ firstName: "Ada", code: "222222", appUrl: "http://localhost:8080" });
    void mailer.send({ to: "pending@example.test", ...mail });
    await mailer.close();
    expect(await logged("pending@example.test")).toMatchObject([{ status: "sent" }]);
  });

  it("escapes names in the HTML templates", () => {
    const mail = verificationCodeMail({
      firstName: "<img src=x onerror=alert(1)>",
      code: "000000",
      appUrl: "http://a",
    });
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});
