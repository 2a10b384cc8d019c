import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTags } from "../monitors/monitors-queries";
import { FeedLinks } from "../sharing/feed-links";

/** Private feeds for feed readers: every change of the account, or of the monitors with one tag. */
export function FeedsPanel() {
  const tags = useTags();
  const [tag, setTag] = useState("");
  return (
    <Stack spacing={3}>
      <FeedLinks filter={{ scope: "account" }} what="all your monitors" />
      {(tags.data?.length ?? 0) > 0 && (
        <Stack spacing={1.5}>
          <Typography variant="subtitle2">By tag</Typography>
          <TextField
            select
            size="small"
            label="Tag"
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            sx={{ maxWidth: 320 }}
          >
            {tags.data?.map((t) => (
              <MenuItem key={t.name} value={t.name}>
                {t.name} ({t.count})
              </MenuItem>
            ))}
          </TextField>
          {tag && <FeedLinks key={tag} filter={{ scope: "tag", tag }} what={`tag “${tag}”`} />}
        </Stack>
      )}
    </Stack>
  );
}
