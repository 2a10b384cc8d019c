import {
  type BrowserStepInput,
  type BrowserStepKind,
  browserStepKinds,
  browserStepLabels,
  defaultStepWaitMs,
  maxBrowserSteps,
  maxStepWaitMs,
  minStepWaitMs,
  type PlanName,
  secretPlaceholder,
} from "@changeradar/contracts";
import Add from "@mui/icons-material/Add";
import ArrowDownward from "@mui/icons-material/ArrowDownward";
import ArrowUpward from "@mui/icons-material/ArrowUpward";
import Close from "@mui/icons-material/Close";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { browserStepsNote } from "../labels";
import { StepRuns } from "./step-runs";

interface BrowserStepsFieldProps {
  plan: PlanName;
  value: BrowserStepInput[];
  onChange: (value: BrowserStepInput[]) => void;
  /** The monitor's address: "Run steps" starts there. */
  url: string;
  /** The monitor being edited: its stored secrets are used when "Run steps" sends the placeholder. */
  monitorId?: string;
  error?: string;
}

/** A new step of a kind, with its fields empty. */
function blankStep(kind: BrowserStepKind): BrowserStepInput {
  switch (kind) {
    case "goto":
      return { kind, url: "" };
    case "click":
      return { kind, selector: "" };
    case "type":
      return { kind, selector: "", text: "", secret: false };
    case "select":
      return { kind, selector: "", value: "" };
    case "press":
      return { kind, key: "Enter" };
    case "wait_for_selector":
      return { kind, selector: "" };
    case "wait_for_text":
      return { kind, text: "" };
    case "wait_for_network_idle":
      return { kind };
    case "scroll":
      return { kind };
    case "accept_cookies":
      return { kind };
  }
}

/**
 * Browser steps run in the page before each check: sign in, click through, accept the cookie banner.
 * Steps need the rendered page, so saving a monitor with steps renders it (the server does the same).
 */
export function BrowserStepsField({ plan, value, onChange, url, monitorId, error }: BrowserStepsFieldProps) {
  const gated = browserStepsNote(plan);
  const update = (index: number, step: BrowserStepInput) =>
    onChange(value.map((s, i) => (i === index ? step : s)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [step] = next.splice(index, 1);
    next.splice(index + by, 0, step!);
    onChange(next);
  };
  return (
    <Box component="section" aria-labelledby="browser-steps-title">
      <Typography variant="subtitle2" component="h3" id="browser-steps-title">
        Browser steps
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Run in the page before each check, in order: sign in, click through, accept the cookie banner. The
        page they end on is the one watched. Steps run in a browser, so they turn Render JavaScript on.
      </Typography>
      {gated && value.length === 0 ? (
        <Typography variant="body2">
          {`Browser steps need the ${gated}. `}
          <Link component={RouterLink} to="/auth/settings#plan">
            See plans
          </Link>
        </Typography>
      ) : (
        <>
          <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0 }}>
            {value.map((step, index) => (
              <Box
                component="li"
                // biome-ignore lint/suspicious/noArrayIndexKey: steps are edited in place by position
                key={index}
                aria-label={`Step ${index + 1}`}
                sx={{ display: "flex", gap: 1, mb: 1.5, alignItems: "flex-start", flexWrap: "wrap" }}
              >
                <Typography sx={{ py: 1, minWidth: 20 }} aria-hidden>
                  {index + 1}.
                </Typography>
                <TextField
                  select
                  size="small"
                  label="Action"
                  value={step.kind}
                  onChange={(e) => update(index, blankStep(e.target.value as BrowserStepKind))}
                  sx={{ width: { xs: "calc(100% - 150px)", sm: 210 } }}
                  slotProps={{ htmlInput: { "aria-label": `Step ${index + 1} action` } }}
                >
                  {browserStepKinds.map((kind) => (
                    <MenuItem key={kind} value={kind}>
                      {browserStepLabels[kind]}
                    </MenuItem>
                  ))}
                </TextField>
                <Box sx={{ display: "flex" }}>
                  <IconButton
                    aria-label={`Move step ${index + 1} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={`Move step ${index + 1} down`}
                    disabled={index === value.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={`Remove step ${index + 1}`}
                    onClick={() => onChange(value.filter((_, i) => i !== index))}
                  >
                    <Close fontSize="small" />
                  </IconButton>
                </Box>
                <StepInputs step={step} number={index + 1} onChange={(next) => update(index, next)} />
              </Box>
            ))}
          </Box>
          {error && (
            <Typography color="error" variant="body2" role="alert" sx={{ mb: 1 }}>
              {error}
            </Typography>
          )}
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Button
              startIcon={<Add />}
              disabled={Boolean(gated) || value.length >= maxBrowserSteps}
              onClick={() => onChange([...value, blankStep(value.length === 0 ? "type" : "click")])}
            >
              Add step
            </Button>
          </Box>
          {gated && (
            <Alert severity="info" sx={{ mt: 1 }}>
              {`Browser steps need the ${gated}. This monitor keeps its steps, but its checks do not run them (nor check the page) until you upgrade or remove them.`}
            </Alert>
          )}
          {!gated && value.length > 0 && <StepRuns url={url} steps={value} monitorId={monitorId} />}
        </>
      )}
    </Box>
  );
}

/** The inputs of one step's kind, each labelled with the step's number for screen readers. */
function StepInputs({
  step,
  number,
  onChange,
}: {
  step: BrowserStepInput;
  number: number;
  onChange: (step: BrowserStepInput) => void;
}) {
  const field = (label: string, value: string, set: (value: string) => void, extra: object = {}) => (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(e) => set(e.target.value)}
      sx={{ flex: "1 1 180px", minWidth: 0 }}
      slotProps={{ htmlInput: { "aria-label": `Step ${number} ${label.toLowerCase()}`, spellCheck: false } }}
      {...extra}
    />
  );
  const row = (children: React.ReactNode) => (
    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", flexBasis: "100%", pl: { sm: "28px" } }}>
      {children}
    </Box>
  );
  switch (step.kind) {
    case "goto":
      return row(field("Address", step.url, (url) => onChange({ ...step, url })));
    case "click":
      return row(field("CSS selector", step.selector, (selector) => onChange({ ...step, selector })));
    case "scroll":
      return row(
        field("CSS selector", step.selector ?? "", (selector) =>
          onChange(selector ? { ...step, selector } : { kind: "scroll" }),
        ),
      );
    case "type":
      return row(
        <>
          {field("CSS selector", step.selector, (selector) => onChange({ ...step, selector }))}
          {field("Text", step.text, (text) => onChange({ ...step, text }), {
            type: step.secret ? "password" : "text",
            helperText:
              step.secret && step.text === secretPlaceholder
                ? "Stored sealed; type a new one to replace it"
                : undefined,
            autoComplete: "off",
          })}
          <FormControlLabel
            control={
              <Checkbox
                slotProps={{ input: { "aria-label": `Step ${number}: the text is a secret` } }}
                checked={step.secret ?? false}
                onChange={(e) =>
                  onChange({
                    ...step,
                    secret: e.target.checked,
                    text: step.text === secretPlaceholder ? "" : step.text,
                  })
                }
              />
            }
            label="Secret"
          />
        </>,
      );
    case "select":
      return row(
        <>
          {field("CSS selector", step.selector, (selector) => onChange({ ...step, selector }))}
          {field("Option value", step.value, (value) => onChange({ ...step, value }))}
        </>,
      );
    case "press":
      return row(field("Key", step.key, (key) => onChange({ ...step, key })));
    case "wait_for_selector":
      return row(
        <>
          {field("CSS selector", step.selector, (selector) => onChange({ ...step, selector }))}
          <WaitField step={step} number={number} onChange={onChange} />
        </>,
      );
    case "wait_for_text":
      return row(
        <>
          {field("Text", step.text, (text) => onChange({ ...step, text }))}
          <WaitField step={step} number={number} onChange={onChange} />
        </>,
      );
    case "wait_for_network_idle":
      return row(<WaitField step={step} number={number} onChange={onChange} />);
    case "accept_cookies":
      return null;
  }
}

type WaitStep = Extract<BrowserStepInput, { timeoutMs?: number }>;

/** How long a "wait for" step waits, in seconds (1 to 30); empty is the default wait. */
function WaitField<S extends WaitStep>({
  step,
  number,
  onChange,
}: {
  step: S;
  number: number;
  onChange: (step: S) => void;
}) {
  const seconds = step.timeoutMs === undefined ? "" : String(step.timeoutMs / 1000);
  const set = (value: string) => {
    const { timeoutMs: _dropped, ...rest } = step;
    // A number the contract checks (1 to 30 s); letters give NaN, which it refuses with a message.
    onChange(value.trim() === "" ? (rest as S) : { ...step, timeoutMs: Math.round(Number(value) * 1000) });
  };
  return (
    <TextField
      size="small"
      type="number"
      label="Wait at most (seconds)"
      value={seconds}
      onChange={(e) => set(e.target.value)}
      helperText={`1 to ${maxStepWaitMs / 1000}; ${defaultStepWaitMs / 1000} when empty`}
      sx={{ flex: "0 1 190px" }}
      slotProps={{
        htmlInput: {
          "aria-label": `Step ${number} wait at most, in seconds`,
          min: minStepWaitMs / 1000,
          max: maxStepWaitMs / 1000,
          step: 1,
          inputMode: "numeric",
        },
      }}
    />
  );
}
