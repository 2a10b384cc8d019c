import { deflateRawSync } from "node:zlib";
import { type PackedSnapshot, type Snapshot, storedSnapshotJson, unpackSnapshot } from "@changeradar/engine";

interface Entry {
  /** The snapshot's JSON, compressed: a parsed snapshot takes ~20 times the memory (~250 KB for a shop page). */
  packed: PackedSnapshot;
  screenshot: Uint8Array | null;
  bytes: number;
}

/**
 * The last stored version of each monitor, kept in memory between its checks so a check reads nothing
 * from the database (stored snapshots are immutable: their id is a safe key). Kept as compact bytes, so
 * the budget holds every monitor of a busy server (~13 KB a shop page) instead of the last hundred parsed
 * ones; `get` parses a fresh copy, `getPacked` gives the bytes to the engine worker that compares them.
 * The least recently used entries go first.
 */
export class SnapshotCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(snapshotId: string): { snapshot: Snapshot; screenshot: Uint8Array | null } | null {
    const entry = this.getPacked(snapshotId);
    return entry ? { snapshot: unpackSnapshot(entry.packed), screenshot: entry.screenshot } : null;
  }

  getPacked(snapshotId: string): { packed: PackedSnapshot; screenshot: Uint8Array | null } | null {
    const entry = this.entries.get(snapshotId);
    if (!entry) return null;
    this.entries.delete(snapshotId);
    this.entries.set(snapshotId, entry);
    return entry;
  }

  /** `snapshot`: the snapshot, its JSON, or its JSON as stored (gzip, kept as it is). */
  set(
    snapshotId: string,
    snapshot: Snapshot | Uint8Array | PackedSnapshot,
    screenshot: Uint8Array | null,
  ): void {
    const packed: PackedSnapshot =
      "encoding" in snapshot
        ? snapshot
        : {
            json: deflateRawSync(snapshot instanceof Uint8Array ? snapshot : storedSnapshotJson(snapshot), {
              level: 1,
            }),
            encoding: "deflate-raw",
          };
    const size = packed.json.byteLength + (screenshot?.byteLength ?? 0);
    if (size > this.maxBytes / 4) return;
    this.delete(snapshotId);
    this.entries.set(snapshotId, { packed, screenshot, bytes: size });
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
