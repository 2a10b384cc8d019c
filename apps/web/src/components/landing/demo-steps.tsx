import NotificationsActiveOutlined from "@mui/icons-material/NotificationsActiveOutlined";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";

/** One real change, walked through: a product page whose price and stock changed overnight. */
const page = {
  url: "shop.example.com/trail-runner-x",
  before: {
    checked: "Mon 08:00",
    price: "$129.00",
    stock: "Only 3 left in stock",
    banner: "Spring sale ends Sunday",
  },
  after: { checked: "Tue 08:00", price: "$99.00", stock: "In stock", banner: "Free shipping this week" },
};

function Snapshot({ label, data }: { label: string; data: typeof page.before }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, flex: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {label} · checked {data.checked}
      </Typography>
      <Typography fontWeight={600} sx={{ mt: 1 }}>
        Trail Runner X
      </Typography>
      <Typography variant="h5" component="p" sx={{ mt: 0.5 }}>
        {data.price}
      </Typography>
      <Typography>{data.stock}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Banner: {data.banner}
      </Typography>
    </Paper>
  );
}

export function BeforeAfterStep() {
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>
        ChangeRadar checked <strong>{page.url}</strong> twice, 24 hours apart. Here is what the page looked
        like each time.
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <Snapshot label="Before" data={page.before} />
        <Snapshot label="After" data={page.after} />
      </Stack>
    </Box>
  );
}

const diffLines = [
  { kind: "same", text: "Trail Runner X" },
  { kind: "removed", text: "Price: $129.00" },
  { kind: "added", text: "Price: $99.00" },
  { kind: "removed", text: "Only 3 left in stock" },
  { kind: "added", text: "In stock" },
] as const;

const diffColours = {
  same: { bgcolor: "transparent", color: "text.primary", sign: " " },
  removed: { bgcolor: "#fde8e7", color: "#8a2f2b", sign: "−" },
  added: { bgcolor: "#e3f1e9", color: "#2b5a41", sign: "+" },
};

export function DiffStep() {
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>
        The diff keeps what matters. The rotating banner changed too, but it is noise, so it was filtered out.
      </Typography>
      <Box
        sx={{
          fontFamily: "monospace",
          fontSize: "0.9rem",
          border: 1,
          borderColor: "divider",
          borderRadius: 2,
        }}
      >
        {diffLines.map((line) => {
          const c = diffColours[line.kind];
          return (
            <Box
              key={`${line.kind}-${line.text}`}
              sx={{ bgcolor: c.bgcolor, color: c.color, px: 1.5, py: 0.5 }}
            >
              {c.sign} {line.text}
            </Box>
          );
        })}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: "wrap" }} useFlexGap>
        <Chip label="Price: −23%" color="success" size="small" />
        <Chip label="Stock: back in stock" color="info" size="small" />
        <Chip label="Ignored: rotating banner" size="small" variant="outlined" />
      </Stack>
    </Box>
  );
}

export function AlertStep() {
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>
        Seconds after the check, the alert reaches you on the channels you chose.
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
        <Stack direction="row" spacing={1.5} alignItems="center">
          <NotificationsActiveOutlined color="warning" />
          <Typography fontWeight={600}>ChangeRadar alert: Trail Runner X</Typography>
        </Stack>
        <Typography sx={{ mt: 1.5 }}>
          Price dropped from $129.00 to $99.00, and the item is back in stock.
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {page.url} · significance 86/100
        </Typography>
      </Paper>
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: "wrap" }} useFlexGap>
        {["Email", "SMS", "Slack", "Webhook"].map((c) => (
          <Chip key={c} label={c} size="small" />
        ))}
      </Stack>
    </Box>
  );
}
