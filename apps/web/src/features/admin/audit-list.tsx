import type { AuditEntry } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Typography from "@mui/material/Typography";
import { formatItemTime } from "../../lib/dates";

/** "planType: Free → Pro · monitorsPaused: 0": what changed, in one readable line. */
export function describeChanges(changes: Record<string, unknown>): string {
  return Object.entries(changes)
    .map(([field, value]) => {
      if (value && typeof value === "object" && "from" in value && "to" in value) {
        const { from, to } = value as { from: unknown; to: unknown };
        return `${field}: ${String(from ?? "—")} → ${String(to ?? "—")}`;
      }
      const text = typeof value === "object" ? JSON.stringify(value) : String(value);
      return `${field}: ${text.length > 80 ? `${text.slice(0, 79)}…` : text}`;
    })
    .join(" · ");
}

export function AuditList({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0)
    return <Typography color="text.secondary">No administrative actions yet.</Typography>;
  return (
    <List disablePadding aria-label="Audit log entries">
      {entries.map((entry) => (
        <ListItem key={entry.id} divider disableGutters sx={{ display: "block" }}>
          <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
            <Chip size="small" label={entry.action} />
            <Typography sx={{ fontWeight: 600, wordBreak: "break-word" }}>{entry.targetLabel}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ ml: "auto" }}>
              {entry.actor} · {formatItemTime(entry.createdAt)}
            </Typography>
          </Box>
          {Object.keys(entry.changes).length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, wordBreak: "break-word" }}>
              {describeChanges(entry.changes)}
            </Typography>
          )}
        </ListItem>
      ))}
    </List>
  );
}
