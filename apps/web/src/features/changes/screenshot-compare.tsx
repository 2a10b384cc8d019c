import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import Skeleton from "@mui/material/Skeleton";
import Slider from "@mui/material/Slider";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useBlobImage } from "./changes-queries";

interface ScreenshotCompareProps {
  before: string | null;
  after: string | null;
  diff: string | null;
  diffPercent: number | null;
}

/**
 * Before and after in one frame: the slider uncovers the "before" image over the "after" one; the
 * pixel-diff overlay marks the pixels that differ.
 */
export function ScreenshotCompare({ before, after, diff, diffPercent }: ScreenshotCompareProps) {
  const beforeImage = useBlobImage(before);
  const afterImage = useBlobImage(after);
  const diffImage = useBlobImage(diff);
  const [position, setPosition] = useState(50);
  const [overlay, setOverlay] = useState(false);

  if (!after && !before)
    return <Typography color="text.secondary">No screenshots were taken for this change.</Typography>;
  if (beforeImage.failed || afterImage.failed)
    return <Typography color="error">The screenshots could not be loaded.</Typography>;
  if ((before && !beforeImage.src) || (after && !afterImage.src))
    return <Skeleton variant="rounded" height={320} />;

  return (
    <Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", mb: 1 }}>
        {diff && (
          <FormControlLabel
            control={<Switch checked={overlay} onChange={(e) => setOverlay(e.target.checked)} />}
            label="Highlight differing pixels"
          />
        )}
        {diffPercent !== null && (
          <Typography variant="body2" color="text.secondary">
            {diffPercent.toFixed(1)}% of the page looks different
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          position: "relative",
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
          overflow: "hidden",
          maxHeight: 600,
          overflowY: "auto",
        }}
      >
        <Box
          component="img"
          src={afterImage.src ?? beforeImage.src ?? ""}
          alt="The page after the change"
          sx={{ display: "block", width: "100%" }}
        />
        {beforeImage.src && afterImage.src && (
          <Box
            component="img"
            src={beforeImage.src}
            alt="The page before the change"
            sx={{
              position: "absolute",
              inset: 0,
              width: "100%",
              clipPath: `inset(0 ${100 - position}% 0 0)`,
            }}
          />
        )}
        {overlay && diffImage.src && (
          <Box
            component="img"
            src={diffImage.src}
            alt="Pixels that differ"
            sx={{ position: "absolute", inset: 0, width: "100%", opacity: 0.7, mixBlendMode: "multiply" }}
          />
        )}
        {beforeImage.src && afterImage.src && (
          <Box
            aria-hidden
            sx={{
              position: "absolute",
              top: 0,
              bottom: 0,
              left: `${position}%`,
              width: 2,
              bgcolor: "secondary.main",
            }}
          />
        )}
      </Box>
      {beforeImage.src && afterImage.src && (
        <Box sx={{ display: "flex", alignItems: "center", gap: 2, mt: 1 }}>
          <Typography variant="body2">Before</Typography>
          <Slider
            value={position}
            onChange={(_, value) => setPosition(value as number)}
            aria-label="Reveal before or after"
            sx={{ flexGrow: 1 }}
          />
          <Typography variant="body2">After</Typography>
        </Box>
      )}
    </Box>
  );
}
