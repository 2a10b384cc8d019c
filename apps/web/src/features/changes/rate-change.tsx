import type { ChangeDetail } from "@changeradar/contracts";
import ThumbDownOutlined from "@mui/icons-material/ThumbDownOutlined";
import ThumbUpOutlined from "@mui/icons-material/ThumbUpOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { describeError } from "../../api/errors";
import { useRateChange } from "./changes-queries";
import { changedTexts } from "./diff-lines";

/** "Was this alert useful?" Noise proposes ignore rules from the changed lines; only the ticked ones are added. */
export function RateChange({ change }: { change: ChangeDetail }) {
  const rate = useRateChange();
  const { enqueueSnackbar } = useSnackbar();
  const [proposing, setProposing] = useState(false);
  const candidates = changedTexts(change.textDiff);
  const [chosen, setChosen] = useState<string[]>([]);

  const send = (rating: "useful" | "noise", addIgnoreRules?: string[]) =>
    rate.mutate(
      { id: change.id, rating, addIgnoreRules: addIgnoreRules?.length ? addIgnoreRules : undefined },
      {
        onSuccess: () => {
          setProposing(false);
          enqueueSnackbar(
            rating === "useful"
              ? "Thanks: we keep alerting on changes like this."
              : addIgnoreRules?.length
                ? `Marked as noise; ${addIgnoreRules.length} ignore ${addIgnoreRules.length === 1 ? "rule" : "rules"} added to the monitor.`
                : "Marked as noise.",
            { variant: "success" },
          );
        },
        onError: (error) => enqueueSnackbar(describeError(error).message, { variant: "error" }),
      },
    );

  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
      <Typography variant="body2" color="text.secondary" sx={{ fontSize: "0.85rem" }}>
        Was this alert useful?
      </Typography>
      <Button
        size="small"
        variant={change.rating === "useful" ? "contained" : "outlined"}
        color="success"
        startIcon={<ThumbUpOutlined />}
        aria-pressed={change.rating === "useful"}
        onClick={() => send("useful")}
        disabled={rate.isPending}
      >
        Useful
      </Button>
      <Button
        size="small"
        variant={change.rating === "noise" ? "contained" : "outlined"}
        color="warning"
        startIcon={<ThumbDownOutlined />}
        // The theme's warning tone is too light for text on white or white on it: the dark shade reads well.
        sx={
          change.rating === "noise"
            ? { bgcolor: "warning.dark" }
            : { color: "warning.dark", borderColor: "warning.dark" }
        }
        aria-pressed={change.rating === "noise"}
        onClick={() => {
          setChosen(candidates);
          setProposing(true);
        }}
        disabled={rate.isPending}
      >
        Noise
      </Button>
      <Dialog
        open={proposing}
        onClose={() => setProposing(false)}
        aria-labelledby={`noise-${change.id}`}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={`noise-${change.id}`}>Ignore changes like this?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>
            {candidates.length
              ? "Lines with the text ticked below will be ignored by this monitor from now on. Untick any you still want to hear about."
              : "We will remember this change was noise."}
          </DialogContentText>
          <FormGroup>
            {candidates.map((text) => (
              <FormControlLabel
                key={text}
                control={
                  <Checkbox
                    checked={chosen.includes(text)}
                    onChange={(e) =>
                      setChosen(e.target.checked ? [...chosen, text] : chosen.filter((c) => c !== text))
                    }
                  />
                }
                label={
                  <Typography sx={{ wordBreak: "break-word", fontFamily: "monospace", fontSize: "0.85rem" }}>
                    {text}
                  </Typography>
                }
              />
            ))}
          </FormGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setProposing(false)}>Cancel</Button>
          <Button onClick={() => send("noise")} disabled={rate.isPending}>
            Just mark as noise
          </Button>
          {candidates.length > 0 && (
            <Button
              variant="contained"
              onClick={() => send("noise", chosen)}
              disabled={rate.isPending || chosen.length === 0}
            >
              Add {chosen.length} ignore {chosen.length === 1 ? "rule" : "rules"}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </Box>
  );
}
