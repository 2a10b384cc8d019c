import { type ShareExpiry, shareExpiries, shareExpiryLabels } from "@changeradar/contracts";
import Share from "@mui/icons-material/Share";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { describeError } from "../../api/errors";
import { formatDate } from "../../lib/dates";
import { CopyField } from "./copy-field";
import { useShareMutations, useShares } from "./sharing-queries";

/** "Share" on a change: a public, read-only link that expires, showing the change and nothing else. */
export function ShareChangeButton({ changeId }: { changeId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<Share />} onClick={() => setOpen(true)}>
        Share
      </Button>
      {open && <ShareDialog changeId={changeId} onClose={() => setOpen(false)} />}
    </>
  );
}

function ShareDialog({ changeId, onClose }: { changeId: string; onClose: () => void }) {
  const [expiresIn, setExpiresIn] = useState<ShareExpiry>("7d");
  const shares = useShares(changeId);
  const { create, revoke } = useShareMutations(changeId);
  const error = create.error ?? revoke.error ?? shares.error;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="share-title">
      <DialogTitle id="share-title">Share this change</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            Anyone with the link sees this change (summary, differences and screenshots) and the page address;
            nothing about your account. Search engines are asked not to index it.
          </Typography>
          {error && <Alert severity="error">{describeError(error).message}</Alert>}
          <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
            <TextField
              select
              size="small"
              label="Link expires after"
              value={expiresIn}
              onChange={(e) => setExpiresIn(e.target.value as ShareExpiry)}
              sx={{ minWidth: 180 }}
            >
              {shareExpiries.map((e) => (
                <MenuItem key={e} value={e}>
                  {shareExpiryLabels[e]}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" disabled={create.isPending} onClick={() => create.mutate(expiresIn)}>
              Create link
            </Button>
          </Stack>
          {shares.data?.map((link) => (
            <Stack key={link.id} spacing={0.5}>
              <CopyField label="Share link" value={link.url} />
              <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                <Typography variant="body2" color="text.secondary">
                  Expires {formatDate(link.expiresAt)}
                </Typography>
                <Button
                  size="small"
                  color="error"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(link.id)}
                >
                  Turn off link
                </Button>
              </Stack>
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
