import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import { useState } from "react";
import { Link } from "react-router";
import { AlertStep, BeforeAfterStep, DiffStep } from "./demo-steps";

const steps = [
  { label: "Before and after", Content: BeforeAfterStep },
  { label: "The diff", Content: DiffStep },
  { label: "The alert", Content: AlertStep },
];

/** DECISIONS: Watch Demo walks through a real change — before/after, the diff, the alert. */
export default function DemoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [active, setActive] = useState(0);
  const last = active === steps.length - 1;
  const { Content } = steps[active]!;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="demo-title">
      <DialogTitle id="demo-title">How ChangeRadar catches a change</DialogTitle>
      <DialogContent>
        <Stepper activeStep={active} alternativeLabel sx={{ mb: 3 }}>
          {steps.map((s) => (
            <Step key={s.label}>
              <StepLabel>{s.label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Content />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Close
        </Button>
        <Button disabled={active === 0} onClick={() => setActive((a) => a - 1)}>
          Back
        </Button>
        {last ? (
          <Button component={Link} to="/register?planType=Free" variant="contained">
            Start Free Trial
          </Button>
        ) : (
          <Button variant="contained" onClick={() => setActive((a) => a + 1)}>
            Next
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
