import { limits } from "@changeradar/contracts";
import { supportEmail } from "../../lib/site";
import type { LegalSection } from "./legal-page";

export const privacyIntro =
  "This Privacy Policy explains what personal data ChangeRadar collects, why, how long we keep it and the choices you have. We collect as little as we need to run the service and we never sell personal data.";

export const privacySections: LegalSection[] = [
  {
    heading: "Data we collect",
    paragraphs: [
      "Account data: your email address, first and last name, an optional avatar, your password (stored only as a salted hash), your plan and billing period, and your notification preferences.",
      "Service data: the pages you monitor, your monitor settings, the snapshots, screenshots and changes we record, the alerts we send and their delivery status, and the alert channels you connect (secrets such as webhook or chat tokens are encrypted at rest).",
      "Messages: what you send us through the contact form, the support form or feedback.",
      "Billing data: payments are handled by our payment provider; we receive the plan, the status of the subscription and the last digits of the card, never the full card number.",
    ],
  },
  {
    heading: "How we use it",
    paragraphs: [
      "To provide the service: sign you in, check your pages, detect changes and send your alerts; to answer your messages; to bill paid plans; to keep the service secure and prevent abuse; and to send essential account emails such as verification codes. We do not use your data for advertising.",
    ],
  },
  {
    heading: "Cookies and analytics",
    paragraphs: [
      "Essential cookies keep you signed in (a refresh cookie) and protect forms against cross-site request forgery (an XSRF cookie). They are always on because the service cannot work without them.",
      "If you choose Accept All Cookies, we count your visit once per browser session with our own first-party analytics. No third-party trackers or advertising cookies are used. If you choose Essential Only, no visit is counted. Your choice is stored in your browser's local storage under cookieConsent and you can change it at any time by clearing it.",
    ],
  },
  {
    heading: "How long we keep data",
    paragraphs: [
      `Web server access logs are kept for at most ${limits.accessLogDays} days. Change history is kept for your plan's history window (30 to 180 days). Verification codes expire after ${limits.passcodeTtlMinutes} minutes. Account data is kept while your account exists and deleted within 30 days after you delete it, except billing records we must keep by law.`,
    ],
  },
  {
    heading: "Sharing",
    paragraphs: [
      "We share data only with the processors that help us run the service (hosting, email and SMS delivery, payments), under contracts that require them to protect it, or when the law requires it. Alerts you configure are sent to the channels you choose, such as your Slack workspace or your webhook.",
    ],
  },
  {
    heading: "Security",
    paragraphs: [
      "Passwords are hashed with Argon2id, sessions use short-lived access tokens and rotating refresh tokens, all traffic is encrypted with TLS, and sign-in and contact endpoints are rate limited. No system is perfectly secure; if we learn of a breach affecting your data we will notify you without undue delay.",
    ],
  },
  {
    heading: "Children",
    paragraphs: [
      `ChangeRadar is not directed at children. You must be at least ${limits.minimumAge} years old to create an account, and we do not knowingly collect data from children under ${limits.minimumAge}. If you believe a child has given us personal data, contact us and we will delete it.`,
    ],
  },
  {
    heading: "Your rights",
    paragraphs: [
      "You can see and correct your profile in Account Settings, export your monitors and changes as CSV, and delete your account. Depending on where you live you may also have the right to access, port, restrict or object to the processing of your data, and to complain to a data-protection authority.",
    ],
  },
  {
    heading: "Changes and contact",
    paragraphs: [
      `We will post any update to this policy here with a new date and notify you of material changes. For any privacy question or request, write to ${supportEmail}.`,
    ],
  },
];
