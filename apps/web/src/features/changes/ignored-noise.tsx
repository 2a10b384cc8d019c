import type { IgnoredNoiseCounts } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { describeError } from "../../api/errors";
import { useMonitor, useMonitorMutations } from "../monitors/monitors-queries";

const kinds = [
  ["timestamps", "timestamp", "timestamps"],
  ["counters", "counter", "counters"],
  ["ids", "id", "ids"],
  ["learned", "learned noisy line", "learned noisy lines"],
] as const;

/** "3 timestamps, 1 counter ignored": the built-in masks' and learned noise's part of a check. */
export function describeIgnored(ignored: IgnoredNoiseCounts): string | null {
  const parts = kinds.flatMap(([key, one, many]) => {
    const n = ignored[key] ?? 0;
    return n > 0 ? [`${n} ${n === 1 ? one : many}`] : [];
  });
  return parts.length > 0 ? `${parts.join(", ")} ignored` : null;
}

/** The change timeline's one line: the masks' part, then how many lines the user's rules hid. */
export function describeIgnoredBriefly(ignored: IgnoredNoiseCounts): string | null {
  const masked = describeIgnored(ignored);
  const ruleLines = (ignored.rules ?? []).reduce((sum, { lines }) => sum + lines, 0);
  if (ruleLines === 0) return masked;
  const rules = `your ignore rules hid ${ruleLines} ${ruleLines === 1 ? "line" : "lines"}`;
  return masked ? `${masked}; ${rules}` : rules.charAt(0).toUpperCase() + rules.slice(1);
}

/**
 * What the noise filter hid on one check, and each of the user's ignore rules that hid a line, with a way
 * to stop ignoring it (the monitor's settings, updated from here). A rule already removed is only named.
 */
export function IgnoredNoise({ monitorId, ignored }: { monitorId: string; ignored: IgnoredNoiseCounts }) {
  const monitor = useMonitor(monitorId);
  const { update } = useMonitorMutations();
  const { enqueueSnackbar } = useSnackbar();
  const rules = monitor.data?.ignore ?? [];
  const stopIgnoring = (rule: string) =>
    update.mutate(
      { id: monitorId, input: { ignore: rules.filter((r) => r !== rule) } },
      {
        onSuccess: () =>
          enqueueSnackbar(`"${rule}" is no longer ignored. The next check compares it again.`, {
            variant: "success",
          }),
        onError: (error) => enqueueSnackbar(describeError(error).message, { variant: "error" }),
      },
    );
  const masked = describeIgnored(ignored);
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5 }}>
      {masked && (
        <Typography variant="body2" color="text.secondary" sx={{ fontSize: "0.8rem" }}>
          {masked}
        </Typography>
      )}
      {(ignored.rules ?? []).map(({ rule, lines }) => (
        <Box key={rule} sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ fontSize: "0.8rem", wordBreak: "break-word" }}
          >
            Your rule "{rule}" hid {lines} {lines === 1 ? "line" : "lines"}
          </Typography>
          {rules.includes(rule) && (
            <Button
              size="small"
              variant="text"
              onClick={() => stopIgnoring(rule)}
              disabled={update.isPending}
              aria-label={`Stop ignoring "${rule}"`}
            >
              Stop ignoring
            </Button>
          )}
        </Box>
      ))}
    </Box>
  );
}
