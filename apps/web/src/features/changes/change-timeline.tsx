import type { ChangeSummary } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Typography from "@mui/material/Typography";
import { formatItemTime } from "../../lib/dates";
import { ChangeKinds } from "./change-kinds";
import { describeIgnoredBriefly } from "./ignored-noise";

interface ChangeTimelineProps {
  changes: ChangeSummary[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** The monitor's history, newest first, as a vertical timeline; choosing an entry opens its detail. */
export function ChangeTimeline({ changes, selectedId, onSelect }: ChangeTimelineProps) {
  return (
    <Box
      component="ol"
      aria-label="Change history"
      sx={{ listStyle: "none", m: 0, p: 0, position: "relative" }}
    >
      {changes.map((change) => {
        const selected = change.id === selectedId;
        const ignored = change.ignored ? describeIgnoredBriefly(change.ignored) : null;
        return (
          <Box
            component="li"
            key={change.id}
            sx={{
              position: "relative",
              pl: 3,
              pb: 1.5,
              "&:before": {
                content: '""',
                position: "absolute",
                left: 7,
                top: 14,
                bottom: -2,
                width: 2,
                bgcolor: "divider",
              },
              "&:last-of-type:before": { display: "none" },
            }}
          >
            <Box
              aria-hidden
              sx={{
                position: "absolute",
                left: 2,
                top: 10,
                width: 12,
                height: 12,
                borderRadius: "50%",
                bgcolor: selected ? "secondary.main" : "background.paper",
                border: 2,
                borderColor: selected ? "secondary.main" : "grey.400",
              }}
            />
            <ButtonBase
              onClick={() => onSelect(change.id)}
              aria-current={selected ? "true" : undefined}
              sx={{
                display: "block",
                width: "100%",
                textAlign: "left",
                p: 1.25,
                borderRadius: 1,
                border: 1,
                borderColor: selected ? "secondary.main" : "divider",
                bgcolor: selected ? "rgba(3,105,161,0.06)" : "background.paper",
                "&:hover": { borderColor: "secondary.light" },
                "&.Mui-focusVisible": { outline: "2px solid", outlineColor: "secondary.main" },
              }}
            >
              <Typography variant="body2" color="text.secondary">
                {formatItemTime(change.detectedAt)}
                {change.rating && ` · rated ${change.rating}`}
              </Typography>
              <Typography sx={{ fontWeight: 600, my: 0.5, fontSize: "0.9rem" }}>{change.summary}</Typography>
              <ChangeKinds kinds={change.kinds} />
              {ignored && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, fontSize: "0.8rem" }}>
                  {ignored}
                </Typography>
              )}
            </ButtonBase>
          </Box>
        );
      })}
    </Box>
  );
}
