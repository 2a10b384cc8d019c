export { readCappedBody } from "./body";
export { BrowserPool, type BrowserPoolOptions, CHROMIUM_ARGS, createBrowserPool } from "./browser-pool";
export {
  MAX_KEPT_COOKIES,
  MAX_SCREENSHOT_HEIGHT,
  type PageProbe,
  type RenderedPage,
  STEPS_TOTAL_TIMEOUT_MS,
} from "./browser-render";
export {
  MAX_STEP_WAIT_MS,
  STEP_SCREENSHOT_MAX_HEIGHT,
  STEP_TIMEOUT_MS,
  type StepReport,
  stepLabel,
} from "./browser-steps";
export {
  charsetFromBom,
  charsetFromContentType,
  charsetFromMarkup,
  decodeText,
  detectCharset,
  normaliseCharset,
} from "./charset";
export { ACCEPT_TEXTS } from "./cookie-consent";
export { type FetchPageOptions, fetchPage, type LocalPage, type PageRenderer } from "./fetch-page";
export { createGuardedAgent, type GuardedAgentOptions } from "./guarded-agent";
export {
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_TOTAL_TIMEOUT_MS,
  type ExchangeRequest,
  exchange,
  type HttpExchange,
} from "./http-exchange";
export { DEFAULT_USER_AGENT, httpFetch } from "./http-fetch";
export { blockedAddressReason, isPublicAddress } from "./ip-ranges";
export { mediaTypeOf } from "./media-type";
export { releaseBytes } from "./release-bytes";
export {
  assertPublicUrl,
  type GuardOptions,
  parseHttpUrl,
  resolveAllowedAddresses,
  systemLookup,
} from "./ssrf";
export * from "./types";
