import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import { useSearchParams } from "react-router";
import { ScreenSection } from "../../components/shell/screen-section";
import { useMailTemplates } from "../../features/admin/admin-queries";
import { MailLogPanel } from "../../features/admin/mail-log-panel";
import { TemplateEditor } from "../../features/admin/template-editor";
import { LoadError, LoadingRows } from "../../features/common/query-states";

function Templates() {
  const templates = useMailTemplates();
  const [params, setParams] = useSearchParams();
  if (templates.isPending) return <LoadingRows rows={3} label="Loading the templates" />;
  if (templates.isError)
    return <LoadError error={templates.error} onRetry={() => templates.refetch()} what="the templates" />;
  const key = params.get("template") ?? templates.data[0]?.key ?? "";
  const current = templates.data.find((t) => t.key === key) ?? templates.data[0];
  return (
    <>
      <TextField
        select
        label="System email"
        size="small"
        value={current?.key ?? ""}
        onChange={(e) => setParams({ tab: "templates", template: e.target.value }, { replace: true })}
        sx={{ mb: 3, minWidth: 280 }}
      >
        {templates.data.map((t) => (
          <MenuItem key={t.key} value={t.key}>
            {t.name}
            {t.customised ? " (edited)" : ""}
          </MenuItem>
        ))}
      </TextField>
      {current && <TemplateEditor key={current.key} template={current} />}
    </>
  );
}

/** The mail log and the editable templates of every system email. */
export default function ManageEmailsPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "templates" ? "templates" : "log";
  return (
    <ScreenSection title="Manage Emails">
      <Tabs
        value={tab}
        onChange={(_, v) => setParams({ tab: v }, { replace: true })}
        sx={{ mb: 2 }}
        aria-label="Manage Emails sections"
      >
        <Tab value="log" label="Mail log" />
        <Tab value="templates" label="Templates" />
      </Tabs>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {tab === "log" ? <MailLogPanel /> : <Templates />}
      </Paper>
    </ScreenSection>
  );
}
