import Button from "@mui/material/Button";
import { useSnackbar } from "notistack";
import { describeError } from "../../api/errors";
import { useDemoMutations } from "./demo-queries";

/** Makes the user's demo page and a monitor on it, without leaving the dashboard. */
export function TryDemoButton() {
  const { start } = useDemoMutations();
  const { enqueueSnackbar } = useSnackbar();
  const tryIt = () =>
    start.mutate(undefined, {
      onSuccess: () =>
        enqueueSnackbar("Your demo page is being watched. Change it from this checklist to see an alert.", {
          variant: "success",
        }),
      onError: (error) => enqueueSnackbar(describeError(error).message, { variant: "error" }),
    });
  return (
    <Button size="small" variant="text" onClick={tryIt} disabled={start.isPending}>
      {start.isPending ? "Setting up the demo…" : "Try it on a demo page"}
    </Button>
  );
}

/** Changes the demo page one step (price, stock, a new item); its monitor is checked at once. */
export function ChangeDemoButton() {
  const { change } = useDemoMutations();
  const { enqueueSnackbar } = useSnackbar();
  const changeIt = () =>
    change.mutate(undefined, {
      onSuccess: (result) =>
        enqueueSnackbar(result.checking ? `${result.changed} Checking the page now…` : result.changed, {
          variant: "info",
        }),
      onError: (error) => enqueueSnackbar(describeError(error).message, { variant: "error" }),
    });
  return (
    <Button size="small" variant="contained" onClick={changeIt} disabled={change.isPending}>
      {change.isPending ? "Changing the demo page…" : "Change the demo page"}
    </Button>
  );
}
