import { feedbackSchema, limits } from "@changeradar/contracts";
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
import { describeError } from "../../api/errors";
import { FormBanner } from "../../components/forms/form-banner";
import { FormBesideHistory } from "../../components/shell/form-beside-history";
import { ScreenSection } from "../../components/shell/screen-section";
import { useFeedbackHistory, useSendFeedback } from "../../features/account/account-queries";
import { LoadError, LoadingRows } from "../../features/common/query-states";
import { formatItemTime } from "../../lib/dates";

const ratingWords = ["", "Poor", "Could be better", "Okay", "Good", "Excellent"];

export default function FeedbackPage() {
  const send = useSendFeedback();
  const history = useFeedbackHistory();
  const { enqueueSnackbar } = useSnackbar();
  const [rating, setRating] = useState<number | null>(null);
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<{ rating?: string; message?: string }>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = feedbackSchema.safeParse({ rating: rating ?? 0, message });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as "rating" | "message"] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: () => {
        setRating(null);
        setMessage("");
        enqueueSnackbar("Thank you for your feedback!", { variant: "success" });
      },
    });
  };

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
          <FormBanner message={send.isError ? describeError(send.error).message : null} />
          <Stack spacing={2.5}>
            <Box>
              <Typography component="legend" id="rating-label" sx={{ mb: 0.5 }}>
                Your rating
              </Typography>
              <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                <Rating
                  name="rating"
                  value={rating}
                  onChange={(_, value) => setRating(value)}
                  size="large"
                  aria-labelledby="rating-label"
                />
                <Typography color="text.secondary">{rating ? ratingWords[rating] : ""}</Typography>
              </Box>
              {errors.rating && <FormHelperText error>{errors.rating}</FormHelperText>}
            </Box>
            <TextField
              label="Message"
              multiline
              minRows={5}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              error={Boolean(errors.message)}
              helperText={errors.message ?? `${message.length}/${limits.messageMax}`}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={send.isPending}>
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
          {history.isPending ? (
            <LoadingRows rows={2} height={48} label="Loading your feedback" />
          ) : history.isError ? (
            <LoadError error={history.error} onRetry={() => history.refetch()} what="your feedback" />
          ) : history.data.length === 0 ? (
            <Typography color="text.secondary">Nothing sent yet.</Typography>
          ) : (
            <List disablePadding>
              {history.data.map((item) => (
                <ListItem key={item.id} disableGutters divider sx={{ display: "block" }}>
                  <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                    <Rating
                      value={item.rating}
                      readOnly
                      size="small"
                      aria-label={`${item.rating} out of 5`}
                    />
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
          )}
        </Paper>
      </FormBesideHistory>
    </ScreenSection>
  );
}
