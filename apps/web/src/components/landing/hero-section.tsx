import NotificationsActiveOutlined from "@mui/icons-material/NotificationsActiveOutlined";
import PlayCircleOutline from "@mui/icons-material/PlayCircleOutline";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";

const DemoDialog = lazy(() => import("./demo-dialog"));

export function HeroSection() {
  const [demoOpen, setDemoOpen] = useState(false);
  return (
    <Box
      component="section"
      sx={{
        display: "grid",
        gap: { xs: 5, md: 6 },
        gridTemplateColumns: { xs: "1fr", md: "1.2fr 1fr" },
        alignItems: "center",
        py: { xs: 6, md: 10 },
      }}
    >
      <Box>
        <Chip label="AI-powered change detection" color="primary" variant="outlined" sx={{ mb: 2 }} />
        <Typography variant="h1" sx={{ fontSize: { xs: "2.25rem", sm: "2.75rem", lg: "3.25rem" } }}>
          Know the moment a web page really changes
        </Typography>
        <Typography sx={{ mt: 2, fontSize: "1.125rem", color: "text.secondary", maxWidth: 560 }}>
          ChangeRadar watches the pages you care about, filters out the noise and alerts you by email, SMS,
          Slack or webhook when prices, stock, text or content change.
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 4 }}>
          <Button component={Link} to="/register?planType=Free" variant="contained" size="large">
            Start Free Trial
          </Button>
          <Button
            variant="outlined"
            size="large"
            startIcon={<PlayCircleOutline />}
            onClick={() => setDemoOpen(true)}
          >
            Watch Demo
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Free plan forever · No credit card required
        </Typography>
      </Box>
      <Paper elevation={0} variant="outlined" sx={{ p: 3, borderRadius: 4 }} aria-label="Example alert">
        <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 2 }}>
          <NotificationsActiveOutlined color="warning" />
          <Typography fontWeight={600}>Change detected · 2 minutes ago</Typography>
        </Stack>
        <Typography variant="h5" component="p">
          Price dropped from $129.00 to $99.00
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          shop.example.com/trail-runner-x
        </Typography>
        <Box
          sx={{ mt: 2, fontFamily: "monospace", fontSize: "0.85rem", borderRadius: 2, overflow: "hidden" }}
        >
          <Box sx={{ bgcolor: "#fde8e7", color: "#8a2f2b", px: 1.5, py: 0.75 }}>
            − Price: $129.00 · Only 3 left
          </Box>
          <Box sx={{ bgcolor: "#e3f1e9", color: "#2b5a41", px: 1.5, py: 0.75 }}>
            + Price: $99.00 · In stock
          </Box>
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: "wrap" }} useFlexGap>
          {["Email", "Slack", "Webhook"].map((c) => (
            <Chip key={c} label={`Sent via ${c}`} size="small" />
          ))}
        </Stack>
      </Paper>
      {demoOpen && (
        <Suspense fallback={null}>
          <DemoDialog open={demoOpen} onClose={() => setDemoOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
