import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";
import { LandingSection } from "./section-heading";
import { testimonials } from "./testimonials";
import { TestimonialsCarousel } from "./testimonials-carousel";

export function TestimonialsSection() {
  return (
    <LandingSection
      id="testimonials"
      title="Loved by teams who watch the web"
      subtitle="Analysts, developers and compliance teams rely on ChangeRadar every day."
    >
      <TestimonialsCarousel items={testimonials} />
    </LandingSection>
  );
}

export function AboutSection() {
  return (
    <LandingSection
      id="about"
      title="About ChangeRadar"
      subtitle="We started ChangeRadar because refreshing the same pages every morning is a poor use of anyone's time."
    >
      <Box
        sx={{
          display: "grid",
          gap: 4,
          gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" },
          maxWidth: 1000,
          mx: "auto",
        }}
      >
        <Typography color="text.secondary">
          ChangeRadar is built by a small team of engineers who spent years building price trackers,
          compliance monitors and release watchers for other companies. Each time the hard part was the same:
          telling a real change apart from the noise of timestamps, ads and counters, and saying in plain
          words what changed.
        </Typography>
        <Typography color="text.secondary">
          We check pages politely, only fetch public pages, keep your data for as long as your plan&apos;s
          history window and never sell it. If something is unclear or you need a page watched in a way we do
          not support yet, write to us: a person reads every message.
        </Typography>
      </Box>
    </LandingSection>
  );
}

export function ClosingCallToAction() {
  return (
    <Box
      component="section"
      aria-labelledby="cta-title"
      sx={{
        my: { xs: 6, md: 10 },
        p: { xs: 4, md: 8 },
        borderRadius: 4,
        textAlign: "center",
        bgcolor: "primary.main",
        color: "primary.contrastText",
      }}
    >
      <Typography id="cta-title" variant="h2" sx={{ fontSize: { xs: "1.75rem", md: "2.125rem" } }}>
        Stop refreshing pages. Let ChangeRadar watch them.
      </Typography>
      <Typography sx={{ mt: 1.5, opacity: 0.9 }}>
        Set up your first monitor in two minutes. No credit card required.
      </Typography>
      <Button
        component={Link}
        to="/register"
        variant="contained"
        size="large"
        sx={{ mt: 4, bgcolor: "#ffffff", color: "primary.main", "&:hover": { bgcolor: "#e2e8f0" } }}
      >
        Start Your Free Trial
      </Button>
    </Box>
  );
}
