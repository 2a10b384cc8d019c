import { type CustomerDetail, type PlanName, planNames } from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { type ReactNode, useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { describeError } from "../../api/errors";
import { ScreenSection } from "../../components/shell/screen-section";
import {
  useChangePlan,
  useCustomer,
  useReplyToSupport,
  useSetDisabled,
} from "../../features/admin/admin-queries";
import { LoadError, LoadingRows } from "../../features/common/query-states";
import { SupportReplies } from "../../features/common/support-replies";
import { formatItemTime } from "../../lib/dates";

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, overflowX: "auto" }}>
      <Typography variant="h6" component="h2" id={id} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function PlanAndStatus({ detail }: { detail: CustomerDetail }) {
  const { customer } = detail;
  const [plan, setPlan] = useState<PlanName>(customer.planType);
  const [error, setError] = useState<string | null>(null);
  const [confirmDisable, setConfirmDisable] = useState(false);
  const changePlan = useChangePlan(customer.id);
  const setDisabled = useSetDisabled(customer.id);
  const { enqueueSnackbar } = useSnackbar();
  const run = async (action: () => Promise<{ message: string }>) => {
    setError(null);
    try {
      enqueueSnackbar((await action()).message, { variant: "success" });
    } catch (e) {
      setError(describeError(e).message);
    }
  };
  return (
    <Section title="Plan and status" id="plan-status">
      <Typography>
        Chosen plan: <strong>{customer.planType}</strong> ({detail.period}), status{" "}
        {customer.planStatus.replace("_", " ")}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Limits in force: <strong>{customer.planInForce}</strong>
        {customer.disabled && (
          <Chip
            size="small"
            color="error"
            label={`Disabled ${formatItemTime(detail.disabledAt ?? "")}`}
            sx={{ ml: 1 }}
          />
        )}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>
        <TextField
          select
          size="small"
          label="Plan"
          value={plan}
          onChange={(e) => setPlan(e.target.value as PlanName)}
          sx={{ minWidth: 160 }}
        >
          {planNames.map((p) => (
            <MenuItem key={p} value={p}>
              {p}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          disabled={changePlan.isPending || (plan === customer.planType && customer.planStatus === "active")}
          onClick={() => run(() => changePlan.mutateAsync(plan))}
        >
          Change plan
        </Button>
        {!customer.isAdmin &&
          (customer.disabled ? (
            <Button
              variant="outlined"
              disabled={setDisabled.isPending}
              onClick={() => run(() => setDisabled.mutateAsync(false))}
            >
              Enable account
            </Button>
          ) : (
            <Button variant="outlined" color="error" onClick={() => setConfirmDisable(true)}>
              Disable account
            </Button>
          ))}
      </Box>
      <Dialog open={confirmDisable} onClose={() => setConfirmDisable(false)} aria-labelledby="disable-title">
        <DialogTitle id="disable-title">Disable {customer.email}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            They are signed out everywhere, cannot sign in, and their running monitors are paused. Enabling
            the account later resumes those monitors.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDisable(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirmDisable(false);
              void run(() => setDisabled.mutateAsync(true));
            }}
          >
            Disable
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}

function ReplyForm({ requestId }: { requestId: string }) {
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reply = useReplyToSupport();
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Box
      component="form"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        try {
          await reply.mutateAsync({ requestId, message });
          setMessage("");
          enqueueSnackbar("Reply sent to the customer.", { variant: "success" });
        } catch (err) {
          setError(describeError(err).message);
        }
      }}
      sx={{ display: "grid", gap: 1, mt: 1 }}
    >
      <TextField
        label="Your reply"
        multiline
        minRows={2}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? "The customer sees it on their Support page and gets it by email."}
      />
      <Box>
        <Button type="submit" variant="contained" size="small" disabled={reply.isPending || !message.trim()}>
          Send reply
        </Button>
      </Box>
    </Box>
  );
}

function Detail({ detail }: { detail: CustomerDetail }) {
  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      <PlanAndStatus detail={detail} />
      <Section title={`Support requests (${detail.supportRequests.length})`} id="support">
        {detail.supportRequests.length === 0 ? (
          <Typography color="text.secondary">No support requests.</Typography>
        ) : (
          detail.supportRequests.map((r) => (
            <Box
              key={r.id}
              component="article"
              aria-label={`Support request: ${r.subject}`}
              sx={{ borderBottom: 1, borderColor: "divider", py: 1.5 }}
            >
              <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                <Typography sx={{ fontWeight: 600 }}>{r.subject}</Typography>
                <Chip size="small" label={r.status} color={r.status === "open" ? "info" : "success"} />
                <Typography variant="body2" color="text.secondary">
                  {formatItemTime(r.createdAt)}
                </Typography>
              </Box>
              <Typography sx={{ whiteSpace: "pre-line", fontSize: "0.9rem" }}>{r.message}</Typography>
              <SupportReplies replies={r.replies} />
              <ReplyForm requestId={r.id} />
            </Box>
          ))
        )}
      </Section>
      <Section title={`Monitors (${detail.monitors.length})`} id="monitors">
        <Table size="small" aria-labelledby="monitors">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Frequency</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Last check</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {detail.monitors.map((m) => (
              <TableRow key={m.id}>
                <TableCell sx={{ wordBreak: "break-all" }}>
                  {m.name}
                  <Typography variant="body2" color="text.secondary">
                    {m.url}
                  </Typography>
                </TableCell>
                <TableCell>{m.frequency}</TableCell>
                <TableCell>
                  {m.paused ? `Paused (${m.pausedReason})` : m.lastError ? "Failing" : "Running"}
                </TableCell>
                <TableCell>{m.lastCheckedAt ? formatItemTime(m.lastCheckedAt) : "Never"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
      <Section title="Recent checks" id="checks">
        {detail.recentChecks.length === 0 ? (
          <Typography color="text.secondary">No checks yet.</Typography>
        ) : (
          <Table size="small" aria-labelledby="checks">
            <TableBody>
              {detail.recentChecks.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: checks are listed as they come
                <TableRow key={i}>
                  <TableCell>
                    {formatItemTime(c.startedAt)}
                    {c.lastStartedAt && ` to ${formatItemTime(c.lastStartedAt)}`}
                  </TableCell>
                  <TableCell>{c.monitorName}</TableCell>
                  <TableCell>{c.count > 1 ? `${c.status} ×${c.count}` : c.status}</TableCell>
                  <TableCell>{c.error ?? `${c.durationMs} ms${c.count > 1 ? " on average" : ""}`}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
      <Section title="Recent deliveries" id="deliveries">
        {detail.recentDeliveries.length === 0 ? (
          <Typography color="text.secondary">No deliveries yet.</Typography>
        ) : (
          <Table size="small" aria-labelledby="deliveries">
            <TableBody>
              {detail.recentDeliveries.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>{formatItemTime(d.createdAt)}</TableCell>
                  <TableCell>{d.channelName}</TableCell>
                  <TableCell>
                    {d.kind} · {d.status}
                  </TableCell>
                  <TableCell>{d.lastError ?? `${d.attempts} attempt(s)`}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
    </Box>
  );
}

export default function CustomerDetailPage() {
  const { customerId = "" } = useParams();
  const customer = useCustomer(customerId);
  return (
    <ScreenSection title={customer.data?.customer.email ?? "Customer"}>
      <Link component={RouterLink} to="/admin/admin-customers" sx={{ display: "inline-block", mb: 2 }}>
        ← All customers
      </Link>
      {customer.isPending ? (
        <LoadingRows rows={4} height={80} label="Loading the customer" />
      ) : customer.isError ? (
        <LoadError error={customer.error} onRetry={() => customer.refetch()} what="this customer" />
      ) : (
        <Detail detail={customer.data} />
      )}
    </ScreenSection>
  );
}
