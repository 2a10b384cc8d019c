import {
  type ChannelType,
  channelLabels,
  channelTypes,
  createChannelSchema,
  type PlanName,
  planAllowsChannel,
  planForChannel,
} from "@changeradar/contracts";
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
import useMediaQuery from "@mui/material/useMediaQuery";
import { useState } from "react";
import { describeError } from "../../api/errors";
import { channelFields } from "./channel-types";
import { useChannelMutations } from "./notifications-queries";

interface AddChannelDialogProps {
  open: boolean;
  plan: PlanName;
  onClose: () => void;
  /** Called with the webhook signing secret when the server shows it (once). */
  onSecret: (secret: string) => void;
}

/** Add an alert channel: types the plan lacks stay listed, disabled, naming the plan that includes them. */
export function AddChannelDialog({ open, plan, onClose, onSecret }: AddChannelDialogProps) {
  const { create } = useChannelMutations();
  const fullScreen = useMediaQuery((t) => t.breakpoints.down("sm"));
  const [type, setType] = useState<ChannelType>("email");
  const [name, setName] = useState("");
  const [config, setConfig] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});

  const reset = () => {
    setName("");
    setConfig({});
    setProblems({});
    create.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const submit = () => {
    const input = {
      type,
      name: name.trim() || channelLabels[type],
      config: Object.fromEntries(Object.entries(config).filter(([, v]) => v.trim())),
    };
    const parsed = createChannelSchema.safeParse(input);
    if (!parsed.success) {
      setProblems({ name: parsed.error.issues[0]?.message ?? "" });
      return;
    }
    create.mutate(input, {
      onSuccess: (channel) => {
        if (channel.secret) onSecret(channel.secret);
        close();
      },
      onError: (error) => {
        const described = describeError(error);
        setProblems(
          Object.fromEntries(described.fieldErrors.map((e) => [e.path.replace(/^config\./, ""), e.msg])),
        );
      },
    });
  };
  const bannerError =
    create.isError && Object.keys(problems).length === 0 ? describeError(create.error).message : null;

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="add-channel-title"
    >
      <DialogTitle id="add-channel-title">Add an alert channel</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ mt: 1 }}>
          {bannerError && <Alert severity="error">{bannerError}</Alert>}
          <TextField
            select
            label="Type"
            value={type}
            onChange={(e) => {
              setType(e.target.value as ChannelType);
              setConfig({});
              setProblems({});
            }}
          >
            {channelTypes.map((t) => {
              const allowed = planAllowsChannel(plan, t);
              return (
                <MenuItem key={t} value={t} disabled={!allowed}>
                  {channelLabels[t]}
                  {!allowed && (
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                      —{" "}
                      {planForChannel(t) === "Business"
                        ? "Business plan"
                        : `${planForChannel(t)} plan or higher`}
                    </Typography>
                  )}
                </MenuItem>
              );
            })}
          </TextField>
          <TextField
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder={channelLabels[type]}
            error={Boolean(problems.name)}
            helperText={problems.name ?? "How this channel appears in lists"}
          />
          {channelFields[type].map((field) => (
            <TextField
              key={`${type}-${field.key}`}
              label={field.optional ? `${field.label} (optional)` : field.label}
              type={field.secret ? "password" : "text"}
              value={config[field.key] ?? ""}
              onChange={(e) => setConfig({ ...config, [field.key]: e.target.value })}
              placeholder={field.placeholder}
              error={Boolean(problems[field.key])}
              helperText={problems[field.key] ?? field.helper}
              autoComplete="off"
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={create.isPending}>
          Add channel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
