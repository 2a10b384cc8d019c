import { limits } from "@changeradar/contracts";
import { supportEmail } from "../../lib/site";
import type { LegalSection } from "./legal-page";

export const termsIntro =
  "These Terms of Service govern your use of ChangeRadar, the website change-monitoring service, including the website, the web application, the API and the alerts we send. By creating an account or using the service you agree to these terms.";

export const termsSections: LegalSection[] = [
  {
    heading: "The service",
    paragraphs: [
      "ChangeRadar checks publicly accessible web pages that you choose, at the frequency you choose within the limits of your plan, compares each check with the previous one and notifies you when it finds a change that matches your settings.",
      "Detection is automated. We work hard to filter noise and to report changes accurately, but we do not guarantee that every change will be detected, that every alert will be delivered, or that summaries written by the service are complete. Do not rely on ChangeRadar as the only safeguard for decisions where a missed change could cause you serious harm.",
    ],
  },
  {
    heading: "Eligibility and accounts",
    paragraphs: [
      `You must be at least ${limits.minimumAge} years old to use ChangeRadar. If you are under the age of majority where you live, you may use the service only with the permission of a parent or legal guardian who agrees to these terms.`,
      "You are responsible for the accuracy of the information in your account, for keeping your password confidential and for all activity under your account. Tell us immediately if you believe your account has been used without your permission.",
    ],
  },
  {
    heading: "Acceptable use",
    paragraphs: [
      "You may monitor only pages that you are allowed to access and that are publicly available without logging in. You must not use ChangeRadar to overload, attack or probe any website or network, to get around access controls, paywalls or rate limits, or to collect personal data in breach of applicable law.",
      "You must not use alert channels to send messages to people who have not agreed to receive them. Email alerts are delivered only to addresses that have been verified. We may pause monitors or suspend accounts that break these rules or that harm the service, other users or the sites being monitored.",
    ],
  },
  {
    heading: "Plans, billing and cancellation",
    paragraphs: [
      "The Free plan is free of charge. Paid plans (Personal, Pro and Business) are billed in advance, monthly or yearly, at the prices shown on our pricing page at the time of purchase. Taxes may be added where required.",
      "You can upgrade, downgrade or cancel at any time from Account Settings. A cancellation takes effect at the end of the current billing period and fees already paid are not refunded unless the law requires it. When a plan goes down nothing is deleted: monitors above the new plan's limit are paused, and history older than the new plan's history window is removed by our daily retention job.",
    ],
  },
  {
    heading: "Your content",
    paragraphs: [
      "You keep all rights to the monitor settings, notes and other content you add. You give us the permission we need to store, process and display that content and the snapshots of the pages you monitor in order to provide the service to you.",
      "Snapshots of third-party pages remain subject to the rights of their owners. It is your responsibility to use them lawfully.",
    ],
  },
  {
    heading: "Logs and data retention",
    paragraphs: [
      `Our web servers keep access logs (IP address, time, requested address, browser type and response status) for security and troubleshooting. Web server access logs are kept for at most ${limits.accessLogDays} days and are then deleted.`,
      "Change history is kept for the history window of your plan. When you delete your account, your monitors, snapshots, alerts and profile are deleted within 30 days, except where we must keep billing records by law.",
    ],
  },
  {
    heading: "Availability and changes to the service",
    paragraphs: [
      "We aim for high availability but the service is provided as is and as available, and may be interrupted for maintenance, upgrades or reasons beyond our control. We may add, change or remove features; if a change materially reduces what a paid plan includes, we will tell you in advance and you may cancel.",
    ],
  },
  {
    heading: "Limitation of liability",
    paragraphs: [
      "To the extent permitted by law, ChangeRadar is not liable for indirect, incidental or consequential damages, or for lost profits, revenue or data, arising from your use of the service or from a change that was not detected or an alert that was not delivered. Our total liability for any claim is limited to the amount you paid us in the twelve months before the claim.",
    ],
  },
  {
    heading: "Changes to these terms",
    paragraphs: [
      "We may update these terms. If a change is material, we will notify you by email or in the application at least 14 days before it takes effect. Continuing to use the service after that date means you accept the updated terms.",
    ],
  },
  {
    heading: "Contact",
    paragraphs: [`Questions about these terms can be sent to ${supportEmail} or through our contact page.`],
  },
];
