/** The Help Center's questions (spec §2: ten of them), written to match what the product offers (DECISIONS 3). */
export interface FaqEntry {
  question: string;
  answer: string;
}

export const faqEntries: FaqEntry[] = [
  {
    question: "What is ChangeRadar?",
    answer:
      "ChangeRadar watches public web pages for you. You add a page, choose what matters on it, and we alert you when a meaningful change happens, with a readable diff and a summary of what changed.",
  },
  {
    question: "How often are my pages checked?",
    answer:
      "You choose the frequency for each monitor: every 15 minutes, every hour, every 6 hours, every 12 hours, once a day or once a week. Free checks once a day or once a week, Personal adds every 12 hours, Pro adds every hour and every 6 hours, and Business can check every 15 minutes.",
  },
  {
    question: "What kinds of changes can ChangeRadar detect?",
    answer:
      "Text, prices, stock and availability, new content such as new items in a list or feed, images, the page structure, and the visual look of the whole page through screenshot comparison.",
  },
  {
    question: "How does ChangeRadar avoid false alarms?",
    answer:
      "Timestamps, relative dates, rotating ads, counters, session ids and tokens are filtered out before pages are compared. Lines that change between two back-to-back checks are learned as noise, and you can add your own ignore rules.",
  },
  {
    question: "How will I be notified of a change?",
    answer:
      "Every plan gets email alerts. Pro adds SMS and custom webhooks. Business adds Slack, Discord, Microsoft Teams, Telegram and ntfy. You can receive one alert per change or a daily digest.",
  },
  {
    question: "Can I watch only part of a page?",
    answer:
      "Yes. Give a CSS selector or an XPath expression when you create a monitor and only that part of the page is compared. JSON endpoints can be narrowed with a JSONPath.",
  },
  {
    question: "Can ChangeRadar monitor pages that need JavaScript?",
    answer:
      "Yes. Turn on JavaScript rendering for a monitor and the page is loaded in a real browser before it is compared, which also gives you before and after screenshots. Only publicly reachable pages can be monitored; pages behind a login are not supported.",
  },
  {
    question: "How long is my change history kept?",
    answer:
      "Free keeps 30 days of history, Personal 60 days, Pro 90 days and Business 180 days. The latest snapshot of every monitor is always kept so the next check can be compared with it.",
  },
  {
    question: "What happens when I change or cancel my plan?",
    answer:
      "You can upgrade or downgrade at any time from Account Settings. When a plan goes down nothing is deleted: monitors above the new limit are paused, and you choose which ones stay active.",
  },
  {
    question: "Do you offer an API?",
    answer:
      "Yes. Business accounts can create personal API keys and manage monitors and read changes through our REST API. Every plan with webhooks receives signed JSON payloads, retried until your endpoint accepts them.",
  },
];

/** Spec §2: filter by question or answer text, case-insensitive. */
export function filterFaq(entries: FaqEntry[], query: string): FaqEntry[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return entries;
  return entries.filter(
    (e) => e.question.toLowerCase().includes(needle) || e.answer.toLowerCase().includes(needle),
  );
}
