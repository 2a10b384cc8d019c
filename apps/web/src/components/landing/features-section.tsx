import AutoAwesomeOutlined from "@mui/icons-material/AutoAwesomeOutlined";
import BoltOutlined from "@mui/icons-material/BoltOutlined";
import CompareOutlined from "@mui/icons-material/CompareOutlined";
import FilterAltOutlined from "@mui/icons-material/FilterAltOutlined";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import InsightsOutlined from "@mui/icons-material/InsightsOutlined";
import NotificationsActiveOutlined from "@mui/icons-material/NotificationsActiveOutlined";
import WebhookOutlined from "@mui/icons-material/WebhookOutlined";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { LandingSection } from "./section-heading";

const features = [
  {
    icon: <AutoAwesomeOutlined />,
    title: "AI-powered detection",
    text: "Watch text, prices, stock, new items, images, structure or the whole look. Every change gets a one-line summary and a significance score.",
  },
  {
    icon: <FilterAltOutlined />,
    title: "Noise filtering",
    text: "Timestamps, rotating ads, counters and session tokens are ignored automatically, and you can add your own ignore rules.",
  },
  {
    icon: <CompareOutlined />,
    title: "Visual diffs",
    text: "Side-by-side and inline text diffs with word-level highlights, plus before and after screenshots with the changed pixels marked.",
  },
  {
    icon: <NotificationsActiveOutlined />,
    title: "Alerts where you work",
    text: "Get alerts by email, SMS, Slack or webhook, one per change or as a daily digest.",
  },
  {
    icon: <HistoryOutlined />,
    title: "Change history timeline",
    text: "Every detected change is kept on a timeline with its diff, so you can see how a page evolved over months.",
  },
  {
    icon: <WebhookOutlined />,
    title: "Webhook integration",
    text: "Signed webhooks deliver each change as JSON to your own systems, retried until they arrive.",
  },
  {
    icon: <BoltOutlined />,
    title: "Fast detection",
    text: "Checks run as often as every 15 minutes, and pages that need JavaScript are rendered in a real browser.",
  },
  {
    icon: <InsightsOutlined />,
    title: "Analytics",
    text: "Reports show changes and checks over time, price trends and the uptime of every page, with CSV export.",
  },
];

export function FeaturesSection() {
  return (
    <LandingSection
      id="features"
      title="Everything you need to track the web"
      subtitle="From a single product price to hundreds of competitor pages, ChangeRadar tells you what changed and why it matters."
    >
      <Box
        sx={{
          display: "grid",
          gap: 3,
          gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "repeat(4, 1fr)" },
        }}
      >
        {features.map((f) => (
          <Paper key={f.title} variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
            <Box sx={{ color: "secondary.main", mb: 1.5, display: "flex" }}>{f.icon}</Box>
            <Typography variant="h6" component="h3" gutterBottom>
              {f.title}
            </Typography>
            <Typography color="text.secondary">{f.text}</Typography>
          </Paper>
        ))}
      </Box>
    </LandingSection>
  );
}
