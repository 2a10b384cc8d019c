import type { Channel, PlanName } from "@changeradar/contracts";
import { channelLabels } from "@changeradar/contracts";
import Add from "@mui/icons-material/Add";
import CampaignOutlined from "@mui/icons-material/CampaignOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { describeError } from "../../api/errors";
import { formatItemTime } from "../../lib/dates";
import { EmptyState, LoadError, LoadingRows } from "../common/query-states";
import { AddChannelDialog } from "./add-channel-dialog";
import { useChannelMutations, useChannels } from "./notifications-queries";

function ChannelCard({ channel }: { channel: Channel }) {
  const { remove, test, verify, resendVerification } = useChannelMutations();
  const { enqueueSnackbar } = useSnackbar();
  const [code, setCode] = useState("");
  const [confirming, setConfirming] = useState(false);
  const fail = (error: unknown) => enqueueSnackbar(describeError(error).message, { variant: "error" });
  const destination = Object.values(channel.config)
    .filter((v) => typeof v === "string")
    .join(" · ");

  return (
    <Paper component="li" variant="outlined" sx={{ listStyle: "none", p: 2 }}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <Typography sx={{ fontWeight: 600 }}>{channel.name}</Typography>
        <Chip size="small" variant="outlined" label={channelLabels[channel.type]} />
        <Chip
          size="small"
          color={channel.verified ? "success" : "warning"}
          label={channel.verified ? "Verified" : "Not verified"}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          size="small"
          disabled={!channel.verified || test.isPending}
          onClick={() =>
            test.mutate(channel.id, {
              onSuccess: () => enqueueSnackbar(`Test sent to ${channel.name}`, { variant: "success" }),
              onError: fail,
            })
          }
        >
          Send test
        </Button>
        <Button size="small" color="error" onClick={() => setConfirming(true)}>
          Remove
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: "break-all", mt: 0.5 }}>
        {destination}
      </Typography>
      {channel.lastDelivery && (
        <Typography
          variant="body2"
          sx={{ mt: 0.5 }}
          color={channel.lastDelivery.error ? "error.main" : "text.secondary"}
        >
          Last delivery {channel.lastDelivery.status} {formatItemTime(channel.lastDelivery.at)}
          {channel.lastDelivery.error && `: ${channel.lastDelivery.error}`}
        </Typography>
      )}
      {!channel.verified && (
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            verify.mutate(
              { id: channel.id, code },
              {
                onSuccess: () => enqueueSnackbar(`${channel.name} verified`, { variant: "success" }),
                onError: fail,
              },
            );
          }}
          sx={{ display: "flex", gap: 1, mt: 1.5, flexWrap: "wrap", alignItems: "flex-start" }}
        >
          <TextField
            size="small"
            fullWidth={false}
            label="6-digit code from the email"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
            slotProps={{ htmlInput: { inputMode: "numeric" } }}
          />
          <Button
            type="submit"
            variant="contained"
            size="small"
            sx={{ mt: 0.5 }}
            disabled={code.length !== 6 || verify.isPending}
          >
            Verify
          </Button>
          <Button
            size="small"
            sx={{ mt: 0.5 }}
            disabled={resendVerification.isPending}
            onClick={() =>
              resendVerification.mutate(channel.id, {
                onSuccess: () => enqueueSnackbar("A new code is on its way", { variant: "success" }),
                onError: fail,
              })
            }
          >
            Resend code
          </Button>
        </Box>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`remove-${channel.id}`}>
        <DialogTitle id={`remove-${channel.id}`}>Remove {channel.name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>Monitors that alert through this channel stop using it.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(channel.id, { onSuccess: () => setConfirming(false), onError: fail })
            }
          >
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

/** The user's alert channels: add, verify, send a test, remove. */
export function ChannelsPanel({ plan }: { plan: PlanName }) {
  const channels = useChannels();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Box id="channels">
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 2, flexWrap: "wrap" }}>
        <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
          Monitors without a chosen channel alert your account email once it is verified.
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
          Add channel
        </Button>
      </Box>
      {secret && (
        <Alert severity="warning" sx={{ mb: 2 }} onClose={() => setSecret(null)}>
          Your webhook signing secret, shown only now:{" "}
          <code style={{ wordBreak: "break-all" }}>{secret}</code>
          <Button size="small" sx={{ ml: 1 }} onClick={() => navigator.clipboard?.writeText(secret)}>
            Copy
          </Button>
        </Alert>
      )}
      {channels.isPending ? (
        <LoadingRows rows={2} label="Loading channels" />
      ) : channels.isError ? (
        <LoadError error={channels.error} onRetry={() => channels.refetch()} what="your channels" />
      ) : channels.data.length === 0 ? (
        <EmptyState icon={<CampaignOutlined />} title="No extra channels">
          Add another email address, SMS, a webhook or a chat app to receive alerts there too.
        </EmptyState>
      ) : (
        <Box component="ul" aria-label="Alert channels" sx={{ m: 0, p: 0, display: "grid", gap: 1.5 }}>
          {channels.data.map((channel) => (
            <ChannelCard key={channel.id} channel={channel} />
          ))}
        </Box>
      )}
      <AddChannelDialog open={adding} plan={plan} onClose={() => setAdding(false)} onSecret={setSecret} />
    </Box>
  );
}
