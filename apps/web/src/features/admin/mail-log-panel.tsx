import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { formatItemTime } from "../../lib/dates";
import { LoadError, LoadingRows } from "../common/query-states";
import { useMail, useMailLog } from "./admin-queries";
import { Pager } from "./pager";
import { useUrlFilters } from "./url-filters";

const PAGE_SIZE = 20;
const statusColor = { sent: "success", failed: "error", logged: "default" } as const;

function MailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const mail = useMail(id);
  return (
    <Dialog open={Boolean(id)} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="mail-title">
      <DialogTitle id="mail-title">{mail.data?.subject ?? "Email"}</DialogTitle>
      <DialogContent>
        {mail.isPending ? (
          <LoadingRows rows={2} label="Loading the email" />
        ) : mail.isError ? (
          <LoadError error={mail.error} what="this email" />
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              To {mail.data.to} · {mail.data.kind} · {mail.data.status}
              {mail.data.error ? ` (${mail.data.error})` : ""} · {formatItemTime(mail.data.createdAt)}
            </Typography>
            <Box
              component="iframe"
              title="The email as sent"
              sandbox=""
              srcDoc={mail.data.html}
              sx={{ width: "100%", height: 420, border: 1, borderColor: "divider", borderRadius: 1 }}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Every email the product sent or logged, filtered by kind, recipient and status; each opens as sent. */
export function MailLogPanel() {
  const { values, page, set } = useUrlFilters(["kind", "to", "status"] as const);
  const log = useMailLog({ ...values, page, pageSize: PAGE_SIZE });
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Box>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 2fr 1fr" }, mb: 2 }}>
        <TextField
          select
          label="Kind"
          size="small"
          value={values.kind}
          onChange={(e) => set("kind", e.target.value)}
        >
          <MenuItem value="">All kinds</MenuItem>
          {(log.data?.kinds ?? []).map((k) => (
            <MenuItem key={k} value={k}>
              {k}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Recipient"
          type="search"
          size="small"
          value={values.to}
          onChange={(e) => set("to", e.target.value)}
        />
        <TextField
          select
          label="Status"
          size="small"
          value={values.status}
          onChange={(e) => set("status", e.target.value)}
        >
          <MenuItem value="">All</MenuItem>
          <MenuItem value="sent">Sent</MenuItem>
          <MenuItem value="failed">Failed</MenuItem>
          <MenuItem value="logged">Logged (no mail server)</MenuItem>
        </TextField>
      </Box>
      {log.isPending ? (
        <LoadingRows rows={5} height={40} label="Loading the mail log" />
      ) : log.isError ? (
        <LoadError error={log.error} onRetry={() => log.refetch()} what="the mail log" />
      ) : log.data.items.length === 0 ? (
        <Typography color="text.secondary">No email matches.</Typography>
      ) : (
        <>
          <Box sx={{ overflowX: "auto" }}>
            <Table size="small" aria-label="Mail log">
              <TableHead>
                <TableRow>
                  <TableCell>Subject</TableCell>
                  <TableCell>Recipient</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Sent</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {log.data.items.map((m) => (
                  <TableRow key={m.id} hover>
                    <TableCell>
                      <Button
                        size="small"
                        onClick={() => setOpen(m.id)}
                        sx={{ textAlign: "left", textTransform: "none" }}
                      >
                        {m.subject}
                      </Button>
                      <Typography variant="body2" color="text.secondary">
                        {m.kind}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ wordBreak: "break-all" }}>{m.to}</TableCell>
                    <TableCell>
                      <Chip size="small" label={m.status} color={statusColor[m.status]} />
                    </TableCell>
                    <TableCell>{formatItemTime(m.createdAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <Pager
            total={log.data.total}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={(p) => set("page", String(p))}
          />
        </>
      )}
      <MailDialog id={open} onClose={() => setOpen(null)} />
    </Box>
  );
}
