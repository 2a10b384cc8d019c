import { startStripeStandIn } from "../../server/test/billing/support/stripe-stand-in";
import { adminEmail, createVerifiedAdmin } from "./support/admin-session";
import { startAppServer } from "./support/app-server";
import { startMailCapture } from "./support/mail-capture";

/**
 * Starts a real SMTP server capturing mail and the real ChangeRadar server pointed at it.
 * Workers inherit process.env, so the tests learn both addresses from it. Returns the teardown.
 */
export default async function globalSetup() {
  const mail = await startMailCapture();
  // The local Stripe stand-in (issue 9): the server talks to it, its checkout page posts signed webhooks back.
  const stripe = await startStripeStandIn();
  const server = await startAppServer({ SMTP_URL: mail.smtpUrl, ADMIN_EMAIL: adminEmail, ...stripe.env });
  stripe.setWebhookUrl(`${server.baseUrl}/api/v1/billing/webhook`);
  await createVerifiedAdmin(server.baseUrl, mail.mailboxUrl);
  process.env.CR_E2E_STRIPE_URL = stripe.url;
  process.env.CR_E2E_BASE_URL = server.baseUrl;
  process.env.CR_E2E_MAILBOX_URL = mail.mailboxUrl;
  return async () => {
    await server.stop();
    await mail.close();
    await stripe.close();
  };
}
