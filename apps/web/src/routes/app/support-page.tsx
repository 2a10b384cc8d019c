import { getHelpSchema, limits, type SupportRequest } from "@changeradar/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { fieldProps } from "../../components/forms/field-props";
import { FormBanner } from "../../components/forms/form-banner";
import { applyServerErrors } from "../../components/forms/server-errors";
import { FormBesideHistory } from "../../components/shell/form-beside-history";
import { ScreenSection } from "../../components/shell/screen-section";
import { useHelpRequests, useRequestHelp } from "../../features/account/account-queries";
import { LoadError, LoadingRows } from "../../features/common/query-states";
import { SupportReplies } from "../../features/common/support-replies";
import { formatItemTime } from "../../lib/dates";

interface HelpValues {
  subject: string;
  message: string;
}
const statusColors: Record<SupportRequest["status"], "info" | "success" | "default"> = {
  open: "info",
  answered: "success",
  closed: "default",
};

function EarlierRequests() {
  const requests = useHelpRequests();
  if (requests.isPending) return <LoadingRows rows={2} height={56} label="Loading your requests" />;
  if (requests.isError)
    return <LoadError error={requests.error} onRetry={() => requests.refetch()} what="your requests" />;
  if (requests.data.length === 0)
    return <Typography color="text.secondary">You have not asked for help yet.</Typography>;
  return (
    <List disablePadding aria-label="Earlier requests">
      {requests.data.map((request) => (
        <ListItem key={request.id} disableGutters divider sx={{ display: "block" }}>
          <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
            <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>{request.subject}</Typography>
            <Chip
              size="small"
              color={statusColors[request.status]}
              label={request.status}
              sx={{ textTransform: "capitalize" }}
            />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {formatItemTime(request.createdAt)}
          </Typography>
          <Typography sx={{ fontSize: "0.875rem", whiteSpace: "pre-line", mt: 0.5 }}>
            {request.message}
          </Typography>
          <SupportReplies replies={request.replies ?? []} />
        </ListItem>
      ))}
    </List>
  );
}

/** POST /users/gethelp with the spec's §5 subject and message rules; earlier requests alongside. */
export default function SupportPage() {
  const requestHelp = useRequestHelp();
  const { enqueueSnackbar } = useSnackbar();
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, watch, formState } = useForm<HelpValues>({
    resolver: zodResolver(getHelpSchema),
    defaultValues: { subject: "", message: "" },
  });
  const submit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      const answer = await requestHelp.mutateAsync(values);
      reset();
      enqueueSnackbar(answer.message || "Your request was sent. We reply by email.", { variant: "success" });
    } catch (error) {
      setBanner(applyServerErrors(error, setError, ["subject", "message"]));
    }
  });
  const message = watch("message");
  const messageField = fieldProps(register, formState.errors, "message");

  return (
    <ScreenSection title="Support">
      <FormBesideHistory>
        <Paper
          variant="outlined"
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ p: { xs: 2, md: 3 } }}
          aria-label="Ask for help"
        >
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Tell us what you need. We answer by email, usually within one working day.
          </Typography>
          <FormBanner message={banner} />
          <Stack spacing={2.5}>
            <TextField label="Subject" {...fieldProps(register, formState.errors, "subject")} required />
            <TextField
              label="Message"
              multiline
              minRows={6}
              required
              {...messageField}
              helperText={messageField.helperText ?? `${message.length}/${limits.messageMax}`}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
                Send request
              </Button>
            </Box>
          </Stack>
        </Paper>
        <Paper
          variant="outlined"
          sx={{ p: { xs: 2, md: 3 } }}
          component="section"
          aria-labelledby="earlier-requests"
        >
          <Typography variant="h6" component="h2" id="earlier-requests" sx={{ mb: 1 }}>
            Your earlier requests
          </Typography>
          <EarlierRequests />
        </Paper>
      </FormBesideHistory>
    </ScreenSection>
  );
}
