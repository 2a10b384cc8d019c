/**
 * The one `--disable-features` switch for every Chromium we start (the check engine's pool and the browser
 * tests). Chromium keeps only the last such switch, so ours replaces Playwright's: Playwright's own list
 * (playwright-core 1.65, chromiumSwitches.ts) is repeated first, then ours.
 *
 * Ours: Debian's Chromium 156 in headless mode builds the address bar's popup as a WebUI page for every
 * window, and every browser context is a window. Nobody sees it, yet its renderer cost about as much CPU as
 * the page being rendered: 46 browser tests used 283 CPU s with it and 207 without (the popup's renderer
 * was 53 s of it).
 */
const playwrightDisabledFeatures = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
];

const unseenBrowserUi = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"];

export const CHROMIUM_DISABLE_FEATURES = `--disable-features=${[...playwrightDisabledFeatures, ...unseenBrowserUi].join(",")}`;

/**
 * How every Chromium we start is launched (the check engine's pool adds its guard's switches): no sandbox
 * (it runs as root in containers), nothing fetched or synced in the background, and the one
 * `--disable-features` switch above (no other may follow it).
 */
export const CHROMIUM_BASE_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  CHROMIUM_DISABLE_FEATURES,
];
