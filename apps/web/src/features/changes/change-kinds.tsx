import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import { watchKindLabels } from "../monitors/labels";

export function ChangeKinds({ kinds }: { kinds: string[] }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: "wrap" }}>
      {kinds.map((kind) => (
        <Chip
          key={kind}
          size="small"
          variant="outlined"
          label={watchKindLabels[kind as keyof typeof watchKindLabels] ?? kind}
        />
      ))}
    </Stack>
  );
}
