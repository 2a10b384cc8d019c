import type { BrowserStep, WatchKind } from "@changeradar/contracts";
import { Invalid } from "../../http/errors";

/** One monitor read from another tool's file, before it is checked against the URL guard and the plan. */
export interface ImportEntry {
  url: string;
  name?: string;
  tags?: string[];
  /** CSS or XPath (an XPath starts with "/" or "("). */
  selector?: string;
  ignore?: string[];
  watch?: WatchKind[];
  renderJs?: boolean;
  /** The source's check interval, when it had one. */
  intervalSeconds?: number;
  paused?: boolean;
  /** The source's browser steps, when each maps to one of ours (checked against the plan and the guard). */
  browserSteps?: BrowserStep[];
  /** Settings of the source that are not carried over, and why. */
  notes: string[];
  /** Why this entry cannot be carried over at all. */
  unsupported?: string;
}

/** The file cannot be read as the format it claims: a 400 under the file field. */
export function unreadableFile(format: string, detail: string): Invalid {
  return Invalid.field("file", `This file could not be read as ${format}: ${detail}`);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}
