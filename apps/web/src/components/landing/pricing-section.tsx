import { type BillingPeriod, planNames, plans } from "@changeradar/contracts";
import CheckRounded from "@mui/icons-material/CheckRounded";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link } from "react-router";
import { PlanPrice } from "../plan-price";
import { LandingSection } from "./section-heading";

export function registerLink(planType: string, period: BillingPeriod): string {
  return `/register?planType=${planType}&period=${period}`;
}

/** Spec §9 plan table; annual is the default and the chosen period goes to register (DECISIONS 4). */
export function PricingSection() {
  const [period, setPeriod] = useState<BillingPeriod>("yearly");
  return (
    <LandingSection
      id="pricing"
      title="Simple, transparent pricing"
      subtitle="Start free and upgrade when you need more pages, faster checks or more channels."
    >
      <Stack direction="row" spacing={1} alignItems="center" justifyContent="center" sx={{ mb: 4 }}>
        <Typography component="span" fontWeight={period === "monthly" ? 600 : 400}>
          Monthly
        </Typography>
        <Switch
          checked={period === "yearly"}
          onChange={(e) => setPeriod(e.target.checked ? "yearly" : "monthly")}
          slotProps={{ input: { "aria-label": "Bill annually" } }}
        />
        <Typography component="span" fontWeight={period === "yearly" ? 600 : 400}>
          Annual
        </Typography>
        <Chip label="Save 20%" color="success" size="small" />
      </Stack>
      <Box
        sx={{
          display: "grid",
          gap: 3,
          gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "repeat(4, 1fr)" },
        }}
      >
        {planNames.map((name) => {
          const plan = plans[name];
          return (
            <Paper
              key={name}
              variant="outlined"
              data-testid={`plan-${name}`}
              sx={{
                p: 3,
                borderRadius: 3,
                display: "flex",
                flexDirection: "column",
                position: "relative",
                borderColor: plan.popular ? "primary.main" : "divider",
                borderWidth: plan.popular ? 2 : 1,
              }}
            >
              {plan.popular && (
                <Chip
                  label="Most Popular"
                  color="primary"
                  size="small"
                  sx={{ position: "absolute", top: -12, right: 16 }}
                />
              )}
              <Typography variant="h5" component="h3">
                {plan.name}
              </Typography>
              <Typography color="text.secondary" sx={{ minHeight: 48, mt: 0.5 }}>
                {plan.description}
              </Typography>
              <PlanPrice plan={name} period={period} />
              <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, my: 3, flexGrow: 1 }}>
                {plan.features.map((feature) => (
                  <Box component="li" key={feature} sx={{ display: "flex", gap: 1 }}>
                    <CheckRounded fontSize="small" color="success" />
                    <Typography>{feature}</Typography>
                  </Box>
                ))}
              </Stack>
              <Button
                component={Link}
                to={registerLink(name, period)}
                variant={plan.popular ? "contained" : "outlined"}
                size="large"
              >
                {plan.cta}
              </Button>
            </Paper>
          );
        })}
      </Box>
      <Paper
        variant="outlined"
        sx={{ mt: 4, p: 3, borderRadius: 3, display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}
      >
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h3">
            Need more than 50 monitors?
          </Typography>
          <Typography color="text.secondary">
            Tell us what you want to watch and we will put together a plan for your team.
          </Typography>
        </Box>
        <Button component={Link} to="/contact" variant="contained">
          Get in touch
        </Button>
      </Paper>
    </LandingSection>
  );
}
