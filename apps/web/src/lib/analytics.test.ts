import { describe, expect, it } from "vitest";
import { startAnalytics } from "./analytics";

describe("startAnalytics", () => {
  it("records one visit per browser session", async () => {
    const visits: string[] = [];
    const send = async () => {
      visits.push("visit");
    };
    startAnalytics(send);
    startAnalytics(send);
    await Promise.resolve();
    expect(visits).toHaveLength(1);
    sessionStorage.clear(); // a new browser session
    startAnalytics(send);
    expect(visits).toHaveLength(2);
  });

  it("tries again in the session when recording failed", async () => {
    let attempts = 0;
    const failing = async () => {
      attempts++;
      throw new Error("offline");
    };
    startAnalytics(failing);
    await new Promise((resolve) => setTimeout(resolve, 0));
    startAnalytics(failing);
    expect(attempts).toBe(2);
  });
});
