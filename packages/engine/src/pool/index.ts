export {
  DEFAULT_MEMORY_BUDGET_MB,
  DEFAULT_TIME_BUDGET_MS,
  EnginePool,
  type EnginePoolOptions,
} from "./engine-pool";
export { PageProcessingError } from "./errors";
export { type EncodedPage, type EngineJob, inProcessEngine, type PageEngine } from "./jobs";
export { configureSharedEnginePool, sharedEnginePool } from "./shared-pool";
