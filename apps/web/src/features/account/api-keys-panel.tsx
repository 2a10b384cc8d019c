import { createApiKeySchema, plans } from "@changeradar/contracts";
import ContentCopy from "@mui/icons-material/ContentCopy";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { describeError } from "../../api/errors";
import { formatDate, formatItemTime } from "../../lib/dates";
import { usePlanInForce } from "../billing/billing-queries";
import { LoadError, LoadingRows } from "../common/query-states";
import { useApiKeyMutations, useApiKeys } from "./account-queries";

/** Business plan API keys: create (the whole key shown once, with copy), list, revoke. */
export function ApiKeysPanel() {
  const plan = usePlanInForce();
  const allowed = plans[plan].apiKeys;
  const keys = useApiKeys(allowed);
  const { create, revoke } = useApiKeyMutations();
  const { enqueueSnackbar } = useSnackbar();
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);

  if (!allowed)
    return (
      <Alert severity="info">
        API access comes with the Business plan.{" "}
        <Link component={RouterLink} to="/auth/account?planType=Business&period=yearly">
          See the Business plan
        </Link>
      </Alert>
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createApiKeySchema.safeParse({ name });
    if (!parsed.success) return setNameError(parsed.error.issues[0]?.message ?? null);
    setNameError(null);
    create.mutate(parsed.data.name, {
      onSuccess: (key) => {
        setName("");
        setShown(key.key ?? null);
      },
      onError: (error) => setNameError(describeError(error).message),
    });
  };

  return (
    <Box>
      {shown && (
        <Alert
          severity="warning"
          sx={{ mb: 2, "& .MuiAlert-message": { minWidth: 0 } }}
          onClose={() => setShown(null)}
        >
          Copy your new key now: it is shown only once.
          <Box sx={{ display: "flex", gap: 1, alignItems: "center", mt: 1, flexWrap: "wrap" }}>
            <Box
              component="code"
              sx={{ wordBreak: "break-all", bgcolor: "background.paper", px: 1, py: 0.5, borderRadius: 1 }}
            >
              {shown}
            </Box>
            <Button
              size="small"
              startIcon={<ContentCopy />}
              onClick={() =>
                navigator.clipboard
                  ?.writeText(shown)
                  .then(() => enqueueSnackbar("Key copied", { variant: "success" }))
              }
            >
              Copy
            </Button>
          </Box>
        </Alert>
      )}
      <Box
        component="form"
        onSubmit={submit}
        sx={{ display: "flex", gap: 1.5, alignItems: "flex-start", mb: 2, flexWrap: "wrap" }}
      >
        <TextField
          size="small"
          fullWidth={false}
          label="Key name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(nameError)}
          helperText={nameError ?? "For example: CI pipeline"}
          sx={{ flex: "1 1 240px" }}
        />
        <Button type="submit" variant="contained" disabled={create.isPending} sx={{ mt: 0.25 }}>
          Create key
        </Button>
      </Box>
      {keys.isPending ? (
        <LoadingRows rows={2} height={48} label="Loading API keys" />
      ) : keys.isError ? (
        <LoadError error={keys.error} onRetry={() => keys.refetch()} what="your API keys" />
      ) : keys.data.length === 0 ? (
        <Typography color="text.secondary">No API keys yet.</Typography>
      ) : (
        <List aria-label="API keys" disablePadding>
          {keys.data.map((key) => (
            <ListItem
              key={key.id}
              divider
              disableGutters
              secondaryAction={
                <Button
                  color="error"
                  size="small"
                  onClick={() => setRevoking({ id: key.id, name: key.name })}
                >
                  Revoke
                </Button>
              }
            >
              <ListItemText
                primary={`${key.name} · ${key.prefix}…`}
                secondary={`Created ${formatDate(key.createdAt)} · last used ${key.lastUsedAt ? formatItemTime(key.lastUsedAt) : "never"}`}
                sx={{ pr: 10 }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Typography variant="body2" sx={{ mt: 2 }}>
        Send the key as <code>Authorization: Bearer &lt;key&gt;</code>.{" "}
        <Link href="/api/v1/docs" target="_blank" rel="noreferrer">
          API reference
        </Link>
      </Typography>
      <Dialog open={Boolean(revoking)} onClose={() => setRevoking(null)} aria-labelledby="revoke-title">
        <DialogTitle id="revoke-title">Revoke {revoking?.name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>Programs using this key lose access at once.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRevoking(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={revoke.isPending}
            onClick={() =>
              revoking &&
              revoke.mutate(revoking.id, {
                onSuccess: () => setRevoking(null),
                onError: (e) => enqueueSnackbar(describeError(e).message, { variant: "error" }),
              })
            }
          >
            Revoke
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
