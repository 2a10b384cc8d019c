import type { WatchKind } from "@changeradar/contracts";
import { Feed } from "feed";
import { escapeHtml } from "../alerts/render/escape";
import type { StoredChangeDiff } from "../checks/stored-diff";

export interface FeedChange {
  id: string;
  monitorId: string;
  monitorName: string;
  url: string;
  detectedAt: Date;
  kinds: WatchKind[];
  summary: string;
  diff: unknown;
}

const DIFF_LINES_SHOWN = 20;

/** RSS 2.0 or Atom 1.0 of changes. Page text is escaped: it never becomes markup in a reader. */
export function renderFeed(
  kind: "rss" | "atom",
  feed: { title: string; description: string; selfUrl: { rss: string; atom: string }; appUrl: string },
  changes: readonly FeedChange[],
): string {
  const document = new Feed({
    id: feed.selfUrl.atom,
    title: feed.title,
    description: feed.description,
    link: `${feed.appUrl}/auth`,
    updated: changes[0]?.detectedAt ?? new Date(0),
    generator: "ChangeRadar",
    feedLinks: feed.selfUrl,
  });
  for (const change of changes) {
    const link = `${feed.appUrl}/auth/mymonitors/${change.monitorId}?change=${change.id}`;
    document.addItem({
      title: `${change.monitorName}: ${change.summary}`,
      id: `urn:uuid:${change.id}`,
      guid: `urn:uuid:${change.id}`,
      link,
      date: change.detectedAt,
      description: change.summary,
      content: contentHtml(change),
      category: change.kinds.map((k) => ({ name: k, term: k })),
    });
  }
  return kind === "rss" ? document.rss2() : document.atom1();
}

function contentHtml(change: FeedChange): string {
  const lines = ((change.diff as StoredChangeDiff | null)?.text ?? [])
    .filter((line) => line.op !== "equal")
    .slice(0, DIFF_LINES_SHOWN)
    .map((line) => {
      const before = line.before !== undefined ? `<del>${escapeHtml(line.before)}</del> ` : "";
      const after = line.after !== undefined ? `<ins>${escapeHtml(line.after)}</ins>` : "";
      return `<li>${before}${after}</li>`;
    });
  return [
    `<p>${escapeHtml(change.summary)}</p>`,
    `<p>Page: <a href="${escapeHtml(change.url)}">${escapeHtml(change.url)}</a></p>`,
    lines.length ? `<ul>${lines.join("")}</ul>` : "",
  ].join("");
}
