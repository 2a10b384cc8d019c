import RssFeed from "@mui/icons-material/RssFeed";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { useState } from "react";
import { FeedLinks } from "./feed-links";

/** "Feed" on a monitor's screen: its private RSS/Atom feed in a dialog. */
export function MonitorFeedButton({ monitorId }: { monitorId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button startIcon={<RssFeed />} onClick={() => setOpen(true)}>
        Feed
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="feed-title">
        <DialogTitle id="feed-title">Private feed of this monitor</DialogTitle>
        {/* MUI drops a dialog content's top padding after a title, which clips the first field's label. */}
        <DialogContent sx={{ "&&": { pt: 1 } }}>
          <FeedLinks filter={{ scope: "monitor", monitorId }} what="this monitor" />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
