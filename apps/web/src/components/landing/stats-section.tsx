import Box from "@mui/material/Box";
import Fade from "@mui/material/Fade";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";

/** Spec §1 marketing claims; they fade in one second after the page loads. */
export const stats = [
  { value: "1K+", label: "Websites monitored" },
  { value: "5K+", label: "Changes detected" },
  { value: "99.9%", label: "Uptime" },
  { value: "< 30s", label: "Average detection time, under 30 seconds" },
];
export const statsDelayMs = 1000;

export function StatsSection() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), statsDelayMs);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Box component="section" aria-label="ChangeRadar in numbers" sx={{ py: { xs: 4, md: 6 } }}>
      <Fade in={visible} timeout={800}>
        <Box
          data-testid="stats"
          sx={{
            display: "grid",
            gap: 3,
            gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, 1fr)" },
            bgcolor: "primary.main",
            color: "primary.contrastText",
            borderRadius: 4,
            p: { xs: 3, md: 5 },
            textAlign: "center",
          }}
        >
          {stats.map((s) => (
            <Box key={s.label}>
              <Typography variant="h3" component="p">
                {s.value}
              </Typography>
              <Typography sx={{ opacity: 0.85 }}>{s.label}</Typography>
            </Box>
          ))}
        </Box>
      </Fade>
    </Box>
  );
}
