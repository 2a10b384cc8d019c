import type { SupportReply } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { formatItemTime } from "../../lib/dates";

/** The support team's answers under a request (admin detail and the customer's Support screen). */
export function SupportReplies({ replies }: { replies: SupportReply[] }) {
  if (replies.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="Replies"
      sx={{ listStyle: "none", p: 0, m: 0, mt: 1, display: "grid", gap: 1 }}
    >
      {replies.map((reply) => (
        <Box
          component="li"
          key={reply.id}
          sx={{ borderLeft: 3, borderColor: "primary.main", pl: 1.5, py: 0.5, bgcolor: "grey.50" }}
        >
          <Typography variant="body2" color="text.secondary">
            Reply from {reply.authorName} · {formatItemTime(reply.createdAt)}
          </Typography>
          <Typography sx={{ fontSize: "0.875rem", whiteSpace: "pre-line" }}>{reply.message}</Typography>
        </Box>
      ))}
    </Box>
  );
}
