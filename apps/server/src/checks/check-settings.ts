import { type BrowserPool, createBrowserPool, EnginePool, sharedEnginePool } from "@changeradar/engine";
import type { Config } from "../config";
import { type CheckTiming, defaultCheckTiming } from "./check-timing";
import type { BrowserSessions, CheckPlanGate, FetchSettings, LocalPages } from "./page-check";

const pools = new Map<string, BrowserPool>();

/** A bounded browser pool per Chromium (or remote endpoint), shared by every worker of the process. */
function browserPoolFor(config: Config): BrowserPool {
  const key = config.browserWsEndpoint ?? config.chromiumPath;
  let pool = pools.get(key);
  if (!pool) {
    pool = createBrowserPool({
      executablePath: config.chromiumPath,
      wsEndpoint: config.browserWsEndpoint ?? undefined,
      allowPrivateTargets: config.allowPrivateTargets,
    });
    pools.set(key, pool);
  }
  return pool;
}

const enginePools = new Map<number, EnginePool>();

/** The worker threads that extract and compare pages: the shared pool, or one of ENGINE_WORKERS threads. */
function enginePoolFor(config: Config): EnginePool {
  if (config.engineWorkers === null) return sharedEnginePool();
  let pool = enginePools.get(config.engineWorkers);
  if (!pool) {
    pool = new EnginePool({ size: config.engineWorkers });
    enginePools.set(config.engineWorkers, pool);
  }
  return pool;
}

export async function closeBrowserPools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.allSettled(all.map((pool) => pool.close()));
}

/**
 * `localPages`: the pages the product serves itself (the demo page), read in-process by their monitors.
 * `browserSessions`: browser steps' secrets and kept cookies (the check workers pass them).
 * `planGate`: the plan gates a check applies to what the monitor was saved with (the check workers pass it).
 */
export function checkFetchSettings(
  config: Config,
  localPages?: LocalPages,
  browserSessions?: BrowserSessions,
  planGate?: CheckPlanGate,
): FetchSettings {
  return {
    allowPrivateTargets: config.allowPrivateTargets,
    localPages,
    browserSessions,
    planGate,
    get browserPool() {
      return browserPoolFor(config);
    },
    get engine() {
      return enginePoolFor(config);
    },
    ai: config.ai.baseUrl
      ? { baseUrl: config.ai.baseUrl, apiKey: config.ai.apiKey, model: config.ai.model }
      : null,
  };
}

export function checkTimingFor(config: Config): CheckTiming {
  return { ...defaultCheckTiming, leaseMs: config.checks.leaseMs };
}
