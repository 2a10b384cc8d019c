import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CHROMIUM_ARGS } from "../../src/fetch/browser-pool";

/** What Chromium runs for a browser context besides its pages, as listed over CDP. */
async function browserUiTargets(args: string[]): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args });
  try {
    const context = await browser.newContext();
    await (await context.newPage()).setContent("<p>a page</p>");
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = await cdp.send("Target.getTargets");
    return targetInfos.filter((target) => target.type === "browser_ui").map((target) => target.url);
  } finally {
    await browser.close();
  }
}

describe("the Chromium we start", () => {
  it("builds no hidden address-bar popup per browser context (a renderer's worth of CPU for each check)", async () => {
    // Without our switch this Chromium builds them: the test would pass for the wrong reason otherwise.
    const withoutOurs = CHROMIUM_ARGS.filter((arg) => !arg.startsWith("--disable-features="));
    expect(await browserUiTargets(withoutOurs)).toEqual(
      expect.arrayContaining([expect.stringContaining("omnibox-popup")]),
    );
    expect(await browserUiTargets(CHROMIUM_ARGS)).toEqual([]);
  }, 60_000);
});
