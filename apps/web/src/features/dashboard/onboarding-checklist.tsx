import type { Dashboard } from "@changeradar/contracts";
import CheckCircle from "@mui/icons-material/CheckCircle";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChangeDemoButton, TryDemoButton } from "./demo-buttons";
import { useDemo } from "./demo-queries";
import { VerifyEmailButton } from "./verify-email-button";

interface Step {
  key: keyof Dashboard["onboarding"];
  title: string;
  hint: string;
  action: ReactNode;
}

const steps: Step[] = [
  {
    key: "emailVerified",
    title: "Verify your email address",
    hint: "Alerts are only sent to a verified address.",
    action: <VerifyEmailButton />,
  },
  {
    key: "firstMonitor",
    title: "Watch your first page",
    hint: "Paste an address, pick what matters on it: a price, a text, new items. Or try a demo page of your own first: it does not use up your plan.",
    action: (
      <>
        <Button size="small" variant="outlined" component={Link} to="/auth/mymonitors/new">
          Add a monitor
        </Button>
        <TryDemoButton />
      </>
    ),
  },
  {
    key: "channel",
    title: "Choose where alerts go",
    hint: "Alerts reach your account email; add a team inbox, a webhook or a chat channel.",
    action: (
      <Button size="small" variant="outlined" component={Link} to="/auth/notifications#channels">
        Add a channel
      </Button>
    ),
  },
  {
    key: "firstChange",
    title: "See your first change",
    hint: "When a watched page changes you get its summary and a clear diff. Check now to look at once.",
    action: (
      <Button size="small" variant="outlined" component={Link} to="/auth/mymonitors">
        Go to My Monitors
      </Button>
    ),
  },
];

const demoHint =
  "Change the demo page: its price drops, or its stock or new arrivals change, and it is checked at once.";

/** The first-run checklist: each step's state comes from the account (the dashboard's `onboarding`). */
export function OnboardingChecklist({ state }: { state: Dashboard["onboarding"] }) {
  const demo = useDemo().data;
  const done = steps.filter((step) => state[step.key]).length;
  if (done === steps.length) return null;
  const next = steps.find((step) => !state[step.key]);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="getting-started" sx={{ p: 2, mb: 3 }}>
      <Box sx={{ display: "flex", alignItems: "baseline", gap: 2, flexWrap: "wrap" }}>
        <Typography id="getting-started" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Getting started
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {done} of {steps.length} done
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={(done / steps.length) * 100}
        aria-label={`${done} of ${steps.length} steps done`}
        sx={{ my: 1.5, borderRadius: 1 }}
      />
      <Box component="ol" aria-label="Getting started steps" sx={{ p: 0, m: 0, listStyle: "none" }}>
        {steps.map((step) => {
          const complete = state[step.key];
          return (
            <Box
              component="li"
              key={step.key}
              sx={{ display: "flex", gap: 1.5, alignItems: "flex-start", py: 1, flexWrap: "wrap" }}
            >
              {complete ? (
                <CheckCircle color="success" titleAccess="Done" />
              ) : (
                <RadioButtonUnchecked color="disabled" titleAccess="To do" />
              )}
              <Box sx={{ flex: "1 1 240px", minWidth: 0 }}>
                <Typography
                  sx={{ fontWeight: 600, textDecoration: complete ? "line-through" : "none" }}
                  color={complete ? "text.secondary" : "text.primary"}
                >
                  {step.title}
                </Typography>
                {!complete && (
                  <Typography variant="body2" color="text.secondary">
                    {step.key === "firstChange" && demo?.monitorId ? demoHint : step.hint}
                  </Typography>
                )}
              </Box>
              {!complete && (step === next || (step.key === "firstChange" && demo?.monitorId)) && (
                <Box sx={{ pl: { xs: 4.5, sm: 0 }, display: "flex", gap: 1, flexWrap: "wrap" }}>
                  {step.key === "firstChange" && demo?.monitorId && <ChangeDemoButton />}
                  {step.action}
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
