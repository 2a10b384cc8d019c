export { detectFormat } from "./detect-format";
export {
  type ExtractInput,
  type ExtractOptions,
  extractSnapshot,
  extractSnapshotSync,
} from "./extract-snapshot";
export { MAX_DEPTH, MAX_ELEMENTS, PageTooComplexError } from "./html/parse-capped";
export { parseScope } from "./scope";
