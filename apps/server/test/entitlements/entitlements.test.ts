import { channelTypes, frequencies, planNames } from "@changeradar/contracts";
import { describe, expect, it } from "vitest";
import {
  apiKeysRefusal,
  assertApiKeyLoginAllowed,
  assertMonitorCountAllowed,
  channelRefusal,
  frequencyRefusal,
  historyDays,
  monitorCountRefusal,
  monitorsOverPlan,
  PAST_DUE_GRACE_DAYS,
  planInForce,
} from "../../src/entitlements";
import { Forbidden, PlanLimit } from "../../src/http/errors";
import { DAY, expectedPlan, frequencyAllowed, gateTable, statusCases } from "./cases";

const now = new Date("2026-06-01T12:00:00Z");

describe("the plan in force: every plan × every status", () => {
  for (const chosen of planNames) {
    for (const c of statusCases) {
      it(`${chosen}, ${c.label} → ${expectedPlan(chosen, c)} limits`, () => {
        const user = {
          planType: chosen,
          planStatus: c.status,
          planStatusAt: new Date(now.getTime() - c.sinceDays * DAY),
        };
        const e = planInForce(user, now);
        const plan = expectedPlan(chosen, c);
        expect(e.inForce).toBe(plan);
        expect(e.chosen).toBe(chosen);
        if (chosen !== "Free") expect(e.reason).toBe(c.reason);
        expect(e.paymentNeeded).toBe(chosen !== "Free" && ["incomplete", "past_due"].includes(c.status));

        // Every gate answers from the plan in force, never from the chosen plan.
        const limits = gateTable[plan];
        expect(monitorCountRefusal(plan, limits.monitors - 1)).toBeNull();
        expect(monitorCountRefusal(plan, limits.monitors)).toMatch(`allows ${limits.monitors} monitor`);
        for (const f of frequencies)
          expect(frequencyRefusal(plan, f) === null).toBe(frequencyAllowed(plan, f));
        for (const type of channelTypes)
          expect(channelRefusal(plan, type) === null).toBe(limits.channels.includes(type));
        expect(apiKeysRefusal(plan) === null).toBe(limits.apiKeys);
        expect(historyDays(plan)).toBe(limits.historyDays);
      });
    }
  }

  it("explains an unpaid choice in one sentence the screens show", () => {
    const e = planInForce({ planType: "Pro", planStatus: "incomplete", planStatusAt: now }, now);
    expect(e.explanation).toBe("Pro chosen, payment pending: Free limits apply until it is paid.");
  });

  it(`keeps a past-due plan for exactly ${PAST_DUE_GRACE_DAYS} days`, () => {
    const since = new Date(now.getTime() - PAST_DUE_GRACE_DAYS * DAY);
    const at = (ms: number) =>
      planInForce(
        { planType: "Pro", planStatus: "past_due", planStatusAt: since },
        new Date(now.getTime() + ms),
      );
    expect(at(-1).inForce).toBe("Pro");
    expect(at(-1).graceEndsAt).toBe(now.toISOString());
    expect(at(0).inForce).toBe("Free");
  });
});

describe("refusal messages: one per gate, naming the plan that allows it", () => {
  const message = (run: () => void) => {
    try {
      run();
    } catch (error) {
      return { type: (error as Error).constructor, text: (error as Error).message };
    }
    return null;
  };

  it("monitors count", () => {
    expect(monitorCountRefusal("Free", 1)).toBe(
      "Your Free plan allows 1 monitor. Upgrade to Personal to add more.",
    );
    expect(monitorCountRefusal("Personal", 5)).toBe(
      "Your Personal plan allows 5 monitors. Upgrade to Pro to add more.",
    );
    expect(monitorCountRefusal("Business", 50)).toBe(
      "Your Business plan allows 50 monitors. Delete or pause a monitor to add another.",
    );
    expect(message(() => assertMonitorCountAllowed("Free", 1))?.type).toBe(PlanLimit);
  });

  it("frequency", () => {
    expect(frequencyRefusal("Personal", "6h")).toBe(
      "Checking every 6 hours needs the Pro plan or higher. Upgrade to use it.",
    );
    expect(frequencyRefusal("Pro", "15m")).toBe(
      "Checking every 15 minutes needs the Business plan. Upgrade to use it.",
    );
  });

  it("channel type", () => {
    expect(channelRefusal("Free", "sms")).toBe(
      "SMS alerts need the Pro plan or higher. Upgrade to use them.",
    );
    expect(channelRefusal("Pro", "teams")).toBe(
      "Microsoft Teams alerts need the Business plan. Upgrade to use them.",
    );
  });

  it("API keys: 402 to create, 403 to sign in with, the same words", () => {
    expect(apiKeysRefusal("Pro")).toBe("API access needs the Business plan. Upgrade to use API keys.");
    expect(message(() => assertApiKeyLoginAllowed("Pro"))).toEqual({
      type: Forbidden,
      text: "API access needs the Business plan. Upgrade to use API keys.",
    });
  });

  it("picks the newest running monitors to pause on a downgrade", () => {
    expect(monitorsOverPlan("Personal", ["a", "b", "c", "d", "e", "f", "g"])).toEqual(["f", "g"]);
  });
});
