import type { AlertMessage } from "@changeradar/contracts";
import type { DeliveryContext } from "../../../src/alerts/channels/types";

export const APP_URL = "https://app.changeradar.test";

export function changeMessage(overrides: Partial<AlertMessage> = {}): AlertMessage {
  return {
    id: "dlv_01HZX3K9",
    type: "change.detected",
    occurredAt: "2026-11-22T14:05:00.000Z",
    appUrl: APP_URL,
    monitor: {
      id: "mon_42",
      url: "https://shop.example/widget",
      name: "Widget <Pro> & Co",
      detailUrl: `${APP_URL}/auth/mymonitors/mon_42`,
    },
    change: {
      id: "chg_7",
      detectedAt: "2026-11-22T14:04:30.000Z",
      kinds: ["price", "text"],
      summary: "Price dropped from $24.99 to $19.99",
      significance: 82,
      url: `${APP_URL}/auth/mymonitors/mon_42?change=chg_7`,
      diffExcerpt: { added: ["Now only $19.99 <b>today</b>"], removed: ["Price: $24.99"] },
      price: { before: "$24.99", after: "$19.99" },
    },
    ...overrides,
  };
}

export function failingMessage(): AlertMessage {
  const { change: _change, ...base } = changeMessage();
  return {
    ...base,
    id: "dlv_fail_1",
    type: "monitor.failing",
    failure: { reason: "The server answered 503", consecutiveFailures: 5, since: "2026-11-22T12:00:00.000Z" },
  };
}

/** Delivery context for loopback receivers; sendMail must not be reached by HTTP channels. */
export function loopbackContext(overrides: Partial<DeliveryContext> = {}): DeliveryContext {
  return {
    sendMail: async () => {
      throw new Error("an HTTP channel tried to send mail");
    },
    allowInsecureTargets: true,
    timeoutMs: 5_000,
    ...overrides,
  };
}
