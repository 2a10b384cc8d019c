import { structureFingerprint } from "../html/structure";

/** The fingerprint of a format without element structure (text, PDF). */
export function emptyStructure(): { hash: string; paths: string[] } {
  return structureFingerprint([]);
}
