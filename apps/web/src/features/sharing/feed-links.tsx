import type { CreateFeedInput } from "@changeradar/contracts";
import RssFeed from "@mui/icons-material/RssFeed";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { describeError } from "../../api/errors";
import { LoadError, LoadingRows } from "../common/query-states";
import { CopyField } from "./copy-field";
import { type FeedFilter, useFeed, useFeedMutations } from "./sharing-queries";

/**
 * The private feed of one scope: create it, copy its RSS or Atom address, give it a new address (the old
 * one stops working) or turn it off.
 */
export function FeedLinks({ filter, what }: { filter: FeedFilter; what: string }) {
  const feed = useFeed(filter);
  const { create, rotate, revoke } = useFeedMutations();
  const error = create.error ?? rotate.error ?? revoke.error;
  if (feed.isPending) return <LoadingRows rows={1} height={40} />;
  if (feed.isError) return <LoadError error={feed.error} onRetry={() => feed.refetch()} what="the feed" />;
  const current = feed.data;
  return (
    <Stack spacing={1.5}>
      {error && <Alert severity="error">{describeError(error).message}</Alert>}
      {current ? (
        <>
          <CopyField label={`RSS feed of ${what}`} value={current.rssUrl} />
          <CopyField label={`Atom feed of ${what}`} value={current.atomUrl} />
          <Typography variant="body2" color="text.secondary">
            Anyone with this address can read these changes. Keep it private.
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button size="small" disabled={rotate.isPending} onClick={() => rotate.mutate(current.id)}>
              New address
            </Button>
            <Button
              size="small"
              color="error"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(current.id)}
            >
              Turn off feed
            </Button>
          </Stack>
        </>
      ) : (
        <Button
          variant="outlined"
          startIcon={<RssFeed />}
          sx={{ alignSelf: "flex-start" }}
          disabled={create.isPending}
          onClick={() => create.mutate(filter as CreateFeedInput)}
        >
          Create a private feed of {what}
        </Button>
      )}
    </Stack>
  );
}
