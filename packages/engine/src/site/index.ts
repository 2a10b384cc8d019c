export { compareSites, siteFingerprint, sitePagesKept, summariseSitePages } from "./compare-site";
export {
  DEFAULT_SITE_BUDGET_MS,
  DEFAULT_SITE_DELAY_MS,
  discoverSite,
  MAX_CRAWL_PAGE_BYTES,
  MAX_SITEMAP_FILES,
  type RefusedAddress,
  type SiteDiscovery,
  type SiteMode,
  type SiteOptions,
  SiteReadError,
  type SiteRequest,
} from "./discover-site";
export { pageLinks } from "./page-links";
export { ROBOTS_AGENT } from "./robots";
export { siteSnapshot } from "./site-snapshot";
export { MAX_SITEMAP_BYTES, parseSitemap, SitemapFormatError } from "./sitemap-xml";
