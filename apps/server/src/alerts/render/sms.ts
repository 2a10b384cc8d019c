import type { AlertMessage } from "@changeradar/contracts";
import { alertSummary, primaryLink, truncate } from "./common";

export const SMS_MAX_CHARS = 320;

/** One short text: "ChangeRadar: <monitor>: <what happened> <link>". The link is never cut. */
export function renderSms(message: AlertMessage): string {
  const link = primaryLink(message).url;
  const lead = message.type === "test" ? "ChangeRadar test" : "ChangeRadar";
  const name = truncate(message.monitor.name, 60);
  const what = smsSummary(message);
  const room = SMS_MAX_CHARS - lead.length - name.length - link.length - 5;
  const text = `${lead}: ${name}: ${truncate(what, Math.max(room, 0))} ${link}`;
  return text.length > SMS_MAX_CHARS ? truncate(text, SMS_MAX_CHARS) : text;
}

function smsSummary(message: AlertMessage): string {
  if (message.type === "monitor.failing") {
    const failure = message.failure;
    return failure ? `failing (${failure.consecutiveFailures} checks): ${failure.reason}` : "failing";
  }
  if (message.type === "monitor.recovered") return "recovered, checks succeed again.";
  if (message.type === "test") return "your SMS alerts work.";
  return message.change?.summary ?? alertSummary(message);
}
