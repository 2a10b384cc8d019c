import type { Delivery } from "@changeradar/contracts";
import { channelLabels } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { formatItemTime } from "../../lib/dates";

const statusLook = {
  pending: { label: "Queued", color: "default" },
  sending: { label: "Sending", color: "info" },
  delivered: { label: "Delivered", color: "success" },
  failed: { label: "Retrying", color: "warning" },
  dead: { label: "Failed", color: "error" },
} as const;

/** Where an alert went and how each delivery fared; failures say why. */
export function DeliveryStatus({ deliveries }: { deliveries: Delivery[] }) {
  if (deliveries.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Not sent to any channel (verify your email or add a channel to be alerted).
      </Typography>
    );
  return (
    <Box
      component="ul"
      sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 0.75 }}
      aria-label="Deliveries"
    >
      {deliveries.map((delivery) => {
        const look = statusLook[delivery.status];
        const when =
          delivery.status === "delivered" && delivery.deliveredAt
            ? formatItemTime(delivery.deliveredAt)
            : delivery.status === "failed" && delivery.nextAttemptAt
              ? `next try ${formatItemTime(delivery.nextAttemptAt)}`
              : null;
        return (
          <Box
            component="li"
            key={delivery.id}
            sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}
          >
            <Tooltip title={`${delivery.attempts} ${delivery.attempts === 1 ? "attempt" : "attempts"}`}>
              <Chip
                size="small"
                color={look.color}
                label={look.label}
                variant={delivery.status === "delivered" ? "outlined" : "filled"}
              />
            </Tooltip>
            <Typography variant="body2" sx={{ fontSize: "0.8rem" }}>
              {channelLabels[delivery.channelType]} · {delivery.channelName}
              {when && ` · ${when}`}
            </Typography>
            {delivery.lastError && (delivery.status === "failed" || delivery.status === "dead") && (
              <Typography variant="body2" color="error.main" sx={{ fontSize: "0.8rem", flexBasis: "100%" }}>
                {delivery.lastError}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
