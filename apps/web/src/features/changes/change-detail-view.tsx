import type { ChangeDetail } from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { formatDate } from "../../lib/dates";
import { LoadError, LoadingRows } from "../common/query-states";
import { ShareChangeButton } from "../sharing/share-dialog";
import { ChangeKinds } from "./change-kinds";
import { useChange } from "./changes-queries";
import { RateChange } from "./rate-change";
import { ScreenshotCompare } from "./screenshot-compare";
import { TextDiff } from "./text-diff";

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const money = (amount: number | null, currency: string | null) =>
  amount === null ? "—" : `${currency ?? ""} ${amount.toFixed(2)}`.trim();

function ItemList({
  label,
  items,
  tone,
}: {
  label: string;
  items: { title: string; url: string | null }[];
  tone: "success" | "error";
}) {
  if (items.length === 0) return null;
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="subtitle2" color={`${tone}.main`}>
        {label} ({items.length})
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: titles may repeat
          <li key={i}>
            {item.url ? (
              <Link href={item.url} target="_blank" rel="noreferrer noopener">
                {item.title}
              </Link>
            ) : (
              item.title
            )}
          </li>
        ))}
      </Box>
    </Box>
  );
}

type ChangeContent = Pick<
  ChangeDetail,
  "price" | "availability" | "textDiff" | "items" | "images" | "screenshots"
>;

/** Each part of a change that changed: price, stock, text, items, images, screenshots (also on share links). */
export function ChangeParts({
  change,
  itemsTitle = "Items",
}: {
  change: ChangeContent;
  /** "Pages" for a site monitor, whose items are the pages that came and went. */
  itemsTitle?: string;
}) {
  const hasItems = change.items.added.length + change.items.removed.length > 0;
  const hasImages = change.images.added.length + change.images.removed.length > 0;
  return (
    <>
      {change.price && (
        <Part title="Price">
          <Typography sx={{ fontSize: "1.1rem" }}>
            <Box component="del" sx={{ color: "error.main" }}>
              {money(change.price.before, change.price.currency)}
            </Box>
            {" → "}
            <Box component="ins" sx={{ color: "success.dark", textDecoration: "none", fontWeight: 600 }}>
              {money(change.price.after, change.price.currency)}
            </Box>
            {change.price.changePercent !== null &&
              ` (${change.price.changePercent > 0 ? "+" : ""}${change.price.changePercent.toFixed(1)}%)`}
          </Typography>
        </Part>
      )}
      {change.availability && (
        <Part title="Stock">
          <Typography>
            {change.availability.before.replace(/_/g, " ")} →{" "}
            <strong>{change.availability.after.replace(/_/g, " ")}</strong>
          </Typography>
        </Part>
      )}
      {change.textDiff.length > 0 && (
        <Part title="Text">
          <TextDiff lines={change.textDiff} />
        </Part>
      )}
      {hasItems && (
        <Part title={itemsTitle}>
          <ItemList label="Added" items={change.items.added} tone="success" />
          <ItemList label="Removed" items={change.items.removed} tone="error" />
        </Part>
      )}
      {hasImages && (
        <Part title="Images">
          <Typography variant="body2">
            {change.images.added.length} added, {change.images.removed.length} removed
          </Typography>
        </Part>
      )}
      {change.screenshots && (
        <Part title="Screenshots">
          <ScreenshotCompare {...change.screenshots} />
        </Part>
      )}
    </>
  );
}

function Detail({ change }: { change: ChangeDetail }) {
  return (
    <>
      <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
        {change.summary}
      </Typography>
      <Box sx={{ display: "flex", gap: 1.5, alignItems: "center", flexWrap: "wrap", mb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontSize: "0.85rem" }}>
          {formatDate(change.detectedAt)} · significance {change.significance}/100
        </Typography>
        <ChangeKinds kinds={change.kinds} />
        <ShareChangeButton changeId={change.id} />
      </Box>
      <RateChange change={change} />
      <ChangeParts change={change} itemsTitle={change.monitor.mode === "page" ? "Items" : "Pages"} />
    </>
  );
}

/** One change in full: summary and kinds, rating, then each part that changed. */
export function ChangeDetailView({ changeId }: { changeId: string }) {
  const change = useChange(changeId);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }} aria-live="polite">
      {change.isPending ? (
        <LoadingRows rows={3} height={60} label="Loading the change" />
      ) : change.isError ? (
        <LoadError error={change.error} onRetry={() => change.refetch()} what="this change" />
      ) : (
        <Detail change={change.data} />
      )}
      {change.data &&
        change.data.textDiff.length === 0 &&
        !change.data.price &&
        !change.data.screenshots &&
        !change.data.availability && (
          <Alert severity="info" sx={{ mt: 2 }}>
            This change has no line-by-line detail to show.
          </Alert>
        )}
    </Paper>
  );
}
