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
  type EncodedVersion,
  type EngineJob,
  type ExtractedAndCompared,
  type ExtractedForStore,
  encodeSnapshot,
  factsOfVersion,
  inProcessEngine,
  type JobSnapshot,
  type LearnedAndCompared,
  type NewVersion,
  type PackedSnapshot,
  type PageEngine,
  type PageSource,
  type SnapshotFacts,
  unpackSnapshot,
  versionForJob,
} from "./jobs";
export { configureSharedEnginePool, sharedEnginePool } from "./shared-pool";
export { storedSnapshotJson } from "./stored-form";
