import Box from "@mui/material/Box";
import {
  AboutSection,
  ClosingCallToAction,
  TestimonialsSection,
} from "../../components/landing/closing-sections";
import { CookieBanner } from "../../components/landing/cookie-banner";
import { FeaturesSection } from "../../components/landing/features-section";
import { HeroSection } from "../../components/landing/hero-section";
import { LandingNav } from "../../components/landing/landing-nav";
import { PricingSection } from "../../components/landing/pricing-section";
import { SiteFooter } from "../../components/landing/site-footer";
import { StatsSection } from "../../components/landing/stats-section";

export default function LandingPage() {
  return (
    <>
      <LandingNav />
      <Box component="main" sx={{ maxWidth: 1266, mx: "auto", px: { xs: 2, sm: 3, md: 4 } }}>
        <HeroSection />
        <StatsSection />
        <FeaturesSection />
        <PricingSection />
        <TestimonialsSection />
        <AboutSection />
        <ClosingCallToAction />
      </Box>
      <Box sx={{ maxWidth: 1266, mx: "auto", px: { xs: 2, sm: 3, md: 4 } }}>
        <SiteFooter />
      </Box>
      <CookieBanner />
    </>
  );
}
