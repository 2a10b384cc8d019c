export { detectFormat } from "./detect-format";
export {
  type ExtractInput,
  type ExtractOptions,
  extractSnapshot,
  extractSnapshotSync,
} from "./extract-snapshot";
export { parseScope } from "./scope";
