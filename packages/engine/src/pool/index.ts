export {
  DEFAULT_MEMORY_BUDGET_MB,
  DEFAULT_TIME_BUDGET_MS,
  EnginePool,
  type EnginePoolOptions,
} from "./engine-pool";
export { PageProcessingError } from "./errors";
export {
  type EncodedPage,
  type EncodedSnapshot,
  type EngineJob,
  type ExtractedAndCompared,
  type ExtractedForStore,
  encodeSnapshot,
  inProcessEngine,
  type LearnedAndCompared,
  type PackedSnapshot,
  type PageEngine,
  type PageSource,
  type SnapshotFacts,
  unpackSnapshot,
} from "./jobs";
export { configureSharedEnginePool, sharedEnginePool } from "./shared-pool";
