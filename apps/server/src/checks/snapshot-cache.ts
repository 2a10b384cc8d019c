import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { Snapshot } from "@changeradar/engine";

interface Entry {
  /** The snapshot's JSON, deflated: a parsed snapshot takes ~20 times the memory (~250 KB for a shop page). */
  json: Buffer;
  screenshot: Uint8Array | null;
  bytes: number;
}

/**
 * The last stored version of each monitor, kept in memory between its checks so a check reads nothing
 * from the database (stored snapshots are immutable: their id is a safe key). Kept as compact bytes, so
 * the budget holds every monitor of a busy server (~13 KB a shop page) instead of the last hundred parsed
 * ones; each `get` parses a fresh copy. The least recently used entries go first.
 */
export class SnapshotCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(snapshotId: string): { snapshot: Snapshot; screenshot: Uint8Array | null } | null {
    const entry = this.entries.get(snapshotId);
    if (!entry) return null;
    this.entries.delete(snapshotId);
    this.entries.set(snapshotId, entry);
    const snapshot = JSON.parse(inflateRawSync(entry.json).toString("utf8")) as Snapshot;
    return { snapshot, screenshot: entry.screenshot };
  }

  /** `snapshot`: the snapshot, or its JSON as read from the database. */
  set(snapshotId: string, snapshot: Snapshot | Uint8Array, screenshot: Uint8Array | null): void {
    const json = deflateRawSync(snapshot instanceof Uint8Array ? snapshot : JSON.stringify(snapshot), {
      level: 1,
    });
    const size = json.byteLength + (screenshot?.byteLength ?? 0);
    if (size > this.maxBytes / 4) return;
    this.delete(snapshotId);
    this.entries.set(snapshotId, { json, screenshot, bytes: size });
    this.bytes += size;
    for (const [id, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(id);
      this.bytes -= entry.bytes;
    }
  }

  delete(snapshotId: string): void {
    const entry = this.entries.get(snapshotId);
    if (!entry) return;
    this.entries.delete(snapshotId);
    this.bytes -= entry.bytes;
  }
}
