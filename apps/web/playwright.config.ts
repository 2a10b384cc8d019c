import { CHROMIUM_BASE_ARGS } from "@changeradar/engine/chromium-features";
import { defineConfig, devices } from "@playwright/test";

/** End-to-end tests: Debian's Chromium against the built app served by the real server (see e2e/global-setup.ts). */
export default defineConfig({
  testDir: "./e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  // Two tests at a time (files marked serial keep their order); each test makes its own users and pages.
  // The admin spec runs among the others: its dashboard test reads the site-wide figures until the screen
  // and the API agree (it ran last and alone before, 40 s with one worker idle).
  workers: 2,
  retries: 0,
  // Budgets for a screen to appear, not for speed: on a busy machine a lazy route's first render took over
  // 10 s at times (the browser's main thread starved, not an error in the app).
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  outputDir: "../../test-results/web-e2e",
  use: {
    ...devices["Desktop Chrome"],
    viewport: { width: 1280, height: 800 },
    // No trace unless asked for (E2E_TRACE=1): recording one for every test (to keep only the failures') cost 15% of
    // the browser tests' time (3 specs: 182 -> 154 s, 285 -> 237 CPU s). A failure still leaves its error
    // context (the page's accessibility tree at the failing step) and a screenshot.
    trace: process.env.E2E_TRACE === "1" ? { mode: "retain-on-failure", screenshots: false } : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [...CHROMIUM_BASE_ARGS],
    },
  },
});
