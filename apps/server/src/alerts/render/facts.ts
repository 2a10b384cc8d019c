import type { AlertMessage } from "@changeradar/contracts";
import { formatTime, kindsText, priceText } from "./common";

export type FactKey = "page" | "kinds" | "significance" | "detected" | "price" | "failures" | "since";

export interface Fact {
  key: FactKey;
  label: string;
  /** Plain text; each channel escapes or links it in its own format. */
  value: string;
}

/** The label/value rows every rich channel shows under the summary. */
export function alertFacts(message: AlertMessage): Fact[] {
  const { monitor, change, failure } = message;
  const facts: Fact[] = [{ key: "page", label: "Page", value: monitor.url }];
  if (change) {
    facts.push({ key: "kinds", label: "What changed", value: kindsText(change.kinds) || "—" });
    facts.push({ key: "significance", label: "Significance", value: `${change.significance}/100` });
    facts.push({ key: "detected", label: "Detected", value: formatTime(change.detectedAt) });
    if (change.price) facts.push({ key: "price", label: "Price", value: priceText(change.price) });
  }
  if (failure && message.type === "monitor.failing") {
    facts.push({
      key: "failures",
      label: "Failed checks in a row",
      value: String(failure.consecutiveFailures),
    });
    facts.push({ key: "since", label: "Failing since", value: formatTime(failure.since) });
  }
  return facts;
}
