import type { ChangeDetail, ChangeSummary, Check, PricePoint } from "@changeradar/contracts";
import type { ChangeRow, CheckRow } from "../db/schema/checks";
import { meanDurationMs } from "./check-counts";

export const blobUrl = (id: string | null) => (id ? `/api/v1/blobs/${id}` : null);

type SummaryRow = Pick<
  ChangeSummary,
  "id" | "monitorId" | "monitorName" | "kinds" | "summary" | "significance" | "rating" | "ignored"
> & {
  detectedAt: Date;
};

export function presentChangeSummary(row: SummaryRow): ChangeSummary {
  return {
    id: row.id,
    monitorId: row.monitorId,
    monitorName: row.monitorName,
    detectedAt: row.detectedAt.toISOString(),
    kinds: row.kinds,
    summary: row.summary,
    significance: row.significance,
    rating: row.rating ?? null,
    ...(row.ignored !== undefined ? { ignored: row.ignored } : {}),
  };
}

export function presentChangeDetail(
  change: ChangeRow,
  monitor: ChangeDetail["monitor"],
  screenshots: { before: string | null; after: string | null },
): ChangeDetail {
  const { diff } = change;
  const item = (i: { title: string; url: string | null }) => ({ title: i.title, url: i.url });
  const hasImages = screenshots.before || screenshots.after || change.diffImageBlobId;
  return {
    ...presentChangeSummary({ ...change, monitorName: monitor.name }),
    monitor,
    textDiff: diff.text.map((line) => ({
      op: line.op,
      ...(line.before !== undefined ? { before: line.before } : {}),
      ...(line.after !== undefined ? { after: line.after } : {}),
      ...(line.words ? { words: line.words } : {}),
    })),
    items: { added: diff.items.added.map(item), removed: diff.items.removed.map(item) },
    images: diff.images,
    price:
      change.priceBefore !== null || change.priceAfter !== null
        ? {
            before: change.priceBefore,
            after: change.priceAfter,
            currency: change.currency,
            changePercent: diff.price?.percent ?? null,
          }
        : null,
    availability: diff.availability
      ? { before: diff.availability.before, after: diff.availability.after }
      : null,
    screenshots: hasImages
      ? {
          before: blobUrl(screenshots.before),
          after: blobUrl(screenshots.after),
          diff: blobUrl(change.diffImageBlobId),
          diffPercent: change.diffPercent,
        }
      : null,
  };
}

export function presentCheck(row: CheckRow): Check {
  return {
    id: String(row.id),
    startedAt: row.startedAt.toISOString(),
    lastStartedAt: row.lastStartedAt?.toISOString() ?? null,
    count: 1 + row.repeats,
    durationMs: meanDurationMs(row),
    status: row.status,
    httpStatus: row.httpStatus,
    error: row.error,
    ignored: row.ignored ?? null,
  };
}

export function presentPricePoint(row: { at: Date; amount: number; currency: string | null }): PricePoint {
  return { at: row.at.toISOString(), amount: row.amount, currency: row.currency };
}
