import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import { ScreenSection } from "../../components/shell/screen-section";
import { useAuditLog } from "../../features/admin/admin-queries";
import { AuditList } from "../../features/admin/audit-list";
import { Pager } from "../../features/admin/pager";
import { useUrlFilters } from "../../features/admin/url-filters";
import { LoadError, LoadingRows } from "../../features/common/query-states";

const PAGE_SIZE = 25;

/** Every administrative action, newest first, filtered by action, actor or target. */
export default function AuditLogPage() {
  const { values, page, set } = useUrlFilters(["action", "actor", "target"] as const);
  const audit = useAuditLog({ ...values, page, pageSize: PAGE_SIZE });
  return (
    <ScreenSection title="Audit Log">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box
          sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(3, 1fr)" }, mb: 2 }}
        >
          <TextField
            label="Action"
            placeholder="user.plan_change"
            value={values.action}
            onChange={(e) => set("action", e.target.value)}
            size="small"
          />
          <TextField
            label="Actor"
            placeholder="email or cli"
            value={values.actor}
            onChange={(e) => set("actor", e.target.value)}
            size="small"
          />
          <TextField
            label="Target"
            placeholder="email, post title…"
            value={values.target}
            onChange={(e) => set("target", e.target.value)}
            size="small"
          />
        </Box>
        {audit.isPending ? (
          <LoadingRows rows={5} height={48} label="Loading the audit log" />
        ) : audit.isError ? (
          <LoadError error={audit.error} onRetry={() => audit.refetch()} what="the audit log" />
        ) : (
          <>
            <AuditList entries={audit.data.items} />
            <Pager
              total={audit.data.total}
              page={page}
              pageSize={PAGE_SIZE}
              onPage={(p) => set("page", String(p))}
            />
          </>
        )}
      </Paper>
    </ScreenSection>
  );
}
