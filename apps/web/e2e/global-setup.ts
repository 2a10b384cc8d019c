import { startAppServer } from "./support/app-server";
import { startMailCapture } from "./support/mail-capture";

export const adminEmail = "admin@changeradar.test";

/**
 * Starts a real SMTP server capturing mail and the real ChangeRadar server pointed at it.
 * Workers inherit process.env, so the tests learn both addresses from it. Returns the teardown.
 */
export default async function globalSetup() {
  const mail = await startMailCapture();
  const server = await startAppServer({ SMTP_URL: mail.smtpUrl, ADMIN_EMAIL: adminEmail });
  process.env.CR_E2E_BASE_URL = server.baseUrl;
  process.env.CR_E2E_MAILBOX_URL = mail.mailboxUrl;
  return async () => {
    await server.stop();
    await mail.close();
  };
}
