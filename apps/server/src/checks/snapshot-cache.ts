import type { Snapshot } from "@changeradar/engine";

/**
 * The last stored version of each monitor, kept in memory between its checks so an unchanged check
 * reads nothing from the database (stored snapshots are immutable: their id is a safe key). Bounded
 * by the size of the JSON it was parsed from; the least recently used entries go first.
 */
export class SnapshotCache {
  private readonly entries = new Map<
    string,
    { snapshot: Snapshot; screenshot: Uint8Array | null; bytes: number }
  >();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(snapshotId: string): { snapshot: Snapshot; screenshot: Uint8Array | null } | null {
    const entry = this.entries.get(snapshotId);
    if (!entry) return null;
    this.entries.delete(snapshotId);
    this.entries.set(snapshotId, entry);
    return entry;
  }

  set(snapshotId: string, snapshot: Snapshot, screenshot: Uint8Array | null, bytes: number): void {
    const size = bytes + (screenshot?.byteLength ?? 0);
    if (size > this.maxBytes / 4) return;
    this.delete(snapshotId);
    this.entries.set(snapshotId, { snapshot, screenshot, bytes: size });
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
