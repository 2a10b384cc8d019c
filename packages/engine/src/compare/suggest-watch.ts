/**
 * What the monitor editor proposes to watch on a page, from what the engine found there: its price and
 * stock when it shows them, new items when it lists any entries (a JSON list of two files gets a third),
 * its images when it shows any, and its text.
 */
import type { WatchKind } from "@changeradar/contracts";
import type { Snapshot } from "../snapshot";

export function suggestWatch(snapshot: Snapshot): WatchKind[] {
  const kinds: WatchKind[] = [];
  if (snapshot.price) kinds.push("price");
  if (snapshot.availability !== "unknown") kinds.push("stock");
  if (snapshot.items.length > 0) kinds.push("new_content");
  if (snapshot.images.length > 0) kinds.push("images");
  kinds.push("text");
  return kinds;
}
