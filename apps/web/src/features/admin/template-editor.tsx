import type { MailPreview, MailTemplate, MailTemplateInput } from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { describeError } from "../../api/errors";
import { previewMailTemplate, useResetTemplate, useSaveTemplate, useTestSendTemplate } from "./admin-queries";

/** Edit one system email: fields, its variables, a live preview rendered by the server, save/test/reset. */
export function TemplateEditor({ template }: { template: MailTemplate }) {
  const [draft, setDraft] = useState<MailTemplateInput>(template);
  const [preview, setPreview] = useState<MailPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [testTo, setTestTo] = useState("");
  const save = useSaveTemplate(template.key);
  const reset = useResetTemplate(template.key);
  const testSend = useTestSendTemplate(template.key);
  const { enqueueSnackbar } = useSnackbar();

  useEffect(
    () => setDraft({ subject: template.subject, heading: template.heading, body: template.body }),
    [template],
  );
  useEffect(() => {
    const timer = setTimeout(() => {
      previewMailTemplate(template.key, draft).then(
        (p) => {
          setPreview(p);
          setPreviewError(null);
        },
        (e) => setPreviewError(describeError(e).message),
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [template.key, draft]);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await action();
      enqueueSnackbar(done, { variant: "success" });
    } catch (e) {
      setError(describeError(e).message);
    }
  };
  const field = (name: keyof MailTemplateInput, label: string, multiline = false) => (
    <TextField
      label={label}
      value={draft[name]}
      multiline={multiline}
      minRows={multiline ? 8 : undefined}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
    />
  );
  return (
    <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" } }}>
      <Box
        component="form"
        aria-label={`Edit ${template.name}`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => save.mutateAsync(draft), "Template saved: new emails use it.");
        }}
        sx={{ display: "grid", gap: 2, alignContent: "start" }}
      >
        <Box>
          <Typography variant="h6" component="h2">
            {template.name} {template.customised && <Chip size="small" label="Edited" sx={{ ml: 1 }} />}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {template.description}
          </Typography>
        </Box>
        {error && <Alert severity="error">{error}</Alert>}
        {field("subject", "Subject")}
        {field("heading", "Heading")}
        {field("body", "Body", true)}
        <Box component="section" aria-label="Variables">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Variables
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {template.variables.map((v) => (
              <Typography component="li" variant="body2" key={v.name}>
                <code>{`{{${v.name}}}`}</code> {v.description}
              </Typography>
            ))}
          </Box>
        </Box>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save template
          </Button>
          <Button
            variant="outlined"
            disabled={reset.isPending || !template.customised}
            onClick={() => run(() => reset.mutateAsync(), "Back to the default wording.")}
          >
            Reset to default
          </Button>
        </Box>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>
          <TextField
            size="small"
            label="Send a test to"
            placeholder="your address"
            value={testTo}
            onChange={(e) => setTestTo(e.target.value)}
          />
          <Button
            variant="outlined"
            disabled={testSend.isPending}
            onClick={async () => {
              setError(null);
              try {
                const result = await testSend.mutateAsync(testTo.trim() || undefined);
                enqueueSnackbar(result.message, {
                  variant: result.status === "failed" ? "error" : "success",
                });
              } catch (e) {
                setError(describeError(e).message);
              }
            }}
          >
            Send test (saved version)
          </Button>
        </Box>
      </Box>
      <Box component="section" aria-label="Live preview" sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
          Preview with sample values
        </Typography>
        {previewError ? (
          <Alert severity="warning">{previewError}</Alert>
        ) : preview ? (
          <>
            <Typography sx={{ mb: 1 }} data-testid="preview-subject">
              Subject: {preview.subject}
            </Typography>
            <Box
              component="iframe"
              title="Email preview"
              sandbox=""
              srcDoc={preview.html}
              sx={{ width: "100%", height: 480, border: 1, borderColor: "divider", borderRadius: 1 }}
            />
          </>
        ) : null}
      </Box>
    </Box>
  );
}
