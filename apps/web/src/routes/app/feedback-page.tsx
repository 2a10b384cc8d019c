import { type FeedbackInput, feedbackSchema, limits } from "@changeradar/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormHelperText from "@mui/material/FormHelperText";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Rating from "@mui/material/Rating";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { fieldProps } from "../../components/forms/field-props";
import { FormBanner } from "../../components/forms/form-banner";
import { applyServerErrors } from "../../components/forms/server-errors";
import { FormBesideHistory } from "../../components/shell/form-beside-history";
import { ScreenSection } from "../../components/shell/screen-section";
import { useFeedbackHistory, useSendFeedback } from "../../features/account/account-queries";
import { LoadError, LoadingRows } from "../../features/common/query-states";
import { formatItemTime } from "../../lib/dates";

const ratingWords = ["", "Poor", "Could be better", "Okay", "Good", "Excellent"];

function EarlierFeedback() {
  const history = useFeedbackHistory();
  if (history.isPending) return <LoadingRows rows={2} height={48} label="Loading your feedback" />;
  if (history.isError)
    return <LoadError error={history.error} onRetry={() => history.refetch()} what="your feedback" />;
  if (history.data.length === 0) return <Typography color="text.secondary">Nothing sent yet.</Typography>;
  return (
    <List disablePadding>
      {history.data.map((item) => (
        <ListItem key={item.id} disableGutters divider sx={{ display: "block" }}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
            <Rating value={item.rating} readOnly size="small" aria-label={`${item.rating} out of 5`} />
            <Typography variant="body2" color="text.secondary">
              {formatItemTime(item.createdAt)}
            </Typography>
          </Box>
          <ListItemText
            primary={item.message}
            slotProps={{ primary: { sx: { fontSize: "0.875rem", whiteSpace: "pre-line" } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** POST /feedback with a 1 to 5 rating and the spec's §5 message rules; earlier feedback alongside. */
export default function FeedbackPage() {
  const send = useSendFeedback();
  const { enqueueSnackbar } = useSnackbar();
  const [banner, setBanner] = useState<string | null>(null);
  const { control, register, handleSubmit, reset, setError, watch, formState } = useForm<FeedbackInput>({
    resolver: zodResolver(feedbackSchema),
    // Rating 0 until a star is chosen; the contract's minimum of 1 then says "Choose a rating".
    defaultValues: { rating: 0, message: "" },
  });
  const submit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await send.mutateAsync(values);
      reset();
      enqueueSnackbar("Thank you for your feedback!", { variant: "success" });
    } catch (error) {
      setBanner(applyServerErrors(error, setError, ["rating", "message"]));
    }
  });
  const rating = watch("rating");
  const message = watch("message");
  const messageField = fieldProps(register, formState.errors, "message");

  return (
    <ScreenSection title="Feedback">
      <FormBesideHistory>
        <Paper
          variant="outlined"
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ p: { xs: 2, md: 3 } }}
          aria-label="Send feedback"
        >
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            How is ChangeRadar working for you? Every message is read by the team.
          </Typography>
          <FormBanner message={banner} />
          <Stack spacing={2.5}>
            <Box>
              <Typography component="legend" id="rating-label" sx={{ mb: 0.5 }}>
                Your rating
              </Typography>
              <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                <Controller
                  name="rating"
                  control={control}
                  render={({ field }) => (
                    <Rating
                      name={field.name}
                      value={field.value || null}
                      onChange={(_, value) => field.onChange(value ?? 0)}
                      onBlur={field.onBlur}
                      size="large"
                      aria-labelledby="rating-label"
                    />
                  )}
                />
                <Typography color="text.secondary">{ratingWords[rating] ?? ""}</Typography>
              </Box>
              {formState.errors.rating && (
                <FormHelperText error>{formState.errors.rating.message}</FormHelperText>
              )}
            </Box>
            <TextField
              label="Message"
              multiline
              minRows={5}
              {...messageField}
              helperText={messageField.helperText ?? `${message.length}/${limits.messageMax}`}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
                Send feedback
              </Button>
            </Box>
          </Stack>
        </Paper>
        <Paper
          variant="outlined"
          sx={{ p: { xs: 2, md: 3 } }}
          component="section"
          aria-labelledby="earlier-feedback"
        >
          <Typography variant="h6" component="h2" id="earlier-feedback">
            Your earlier feedback
          </Typography>
          <EarlierFeedback />
        </Paper>
      </FormBesideHistory>
    </ScreenSection>
  );
}
