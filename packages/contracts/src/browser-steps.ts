import { z } from "zod";
import { httpUrl } from "./http-url";

/**
 * Browser steps (issue 13 §1): actions run in the rendered page before each check, to reach a page behind
 * a login form, a click or a cookie banner. A "type" step's text may be a secret: stored sealed, never sent
 * back (the API answers `secretPlaceholder`, and sending the placeholder back keeps the stored secret).
 */
export const maxBrowserSteps = 20;
/** The longest a "wait for" step may wait, in milliseconds. */
export const maxStepWaitMs = 30_000;
export const secretPlaceholder = "••••";

export const browserStepKinds = [
  "goto",
  "click",
  "type",
  "select",
  "press",
  "wait_for_selector",
  "wait_for_text",
  "wait_for_network_idle",
  "scroll",
  "accept_cookies",
] as const;
export type BrowserStepKind = (typeof browserStepKinds)[number];

export const browserStepLabels: Record<BrowserStepKind, string> = {
  goto: "Go to address",
  click: "Click",
  type: "Type text",
  select: "Choose in a list",
  press: "Press a key",
  wait_for_selector: "Wait for an element",
  wait_for_text: "Wait for text",
  wait_for_network_idle: "Wait until the page is loaded",
  scroll: "Scroll",
  accept_cookies: "Accept the cookie banner",
};

const selector = z
  .string({ error: "Enter a CSS selector" })
  .trim()
  .min(1, "Enter a CSS selector")
  .max(500, "Max. 500 characters allowed!");
/** The shortest a "wait for" step may be given, in milliseconds (the editor asks in whole seconds). */
export const minStepWaitMs = 1_000;
/** How long a "wait for" step waits when it names no time (the engine's own default, 10 s). */
export const defaultStepWaitMs = 10_000;
const waitMs = z
  .number({ error: "Enter the seconds to wait, from 1 to 30" })
  .int("Enter whole seconds, from 1 to 30")
  .min(minStepWaitMs, `Wait at least ${minStepWaitMs / 1000} second`)
  .max(maxStepWaitMs, `Wait at most ${maxStepWaitMs / 1000} seconds`)
  .optional();

export const browserStepSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("goto"), url: httpUrl }),
  z.strictObject({ kind: z.literal("click"), selector }),
  z.strictObject({
    kind: z.literal("type"),
    selector,
    text: z.string().max(1000, "Max. 1000 characters allowed!"),
    /** Stored sealed and never shown again (a password). */
    secret: z.boolean().optional(),
  }),
  z.strictObject({
    kind: z.literal("select"),
    selector,
    value: z.string().min(1, "Enter the option's value").max(500),
  }),
  z.strictObject({
    kind: z.literal("press"),
    key: z
      .string()
      .trim()
      .min(1, "Enter a key such as Enter or Tab")
      .max(40)
      .regex(/^[A-Za-z0-9+]+$/, "Enter a key such as Enter, Tab, ArrowDown or Control+A"),
  }),
  z.strictObject({ kind: z.literal("wait_for_selector"), selector, timeoutMs: waitMs }),
  z.strictObject({
    kind: z.literal("wait_for_text"),
    text: z.string().trim().min(1, "Enter the text to wait for").max(500),
    timeoutMs: waitMs,
  }),
  z.strictObject({ kind: z.literal("wait_for_network_idle"), timeoutMs: waitMs }),
  z.strictObject({ kind: z.literal("scroll"), selector: selector.optional() }),
  z.strictObject({ kind: z.literal("accept_cookies") }),
]);
export type BrowserStep = z.infer<typeof browserStepSchema>;
export type BrowserStepInput = z.input<typeof browserStepSchema>;

export const browserStepsSchema = z
  .array(browserStepSchema)
  .max(maxBrowserSteps, `At most ${maxBrowserSteps} steps`);

/** POST /monitors/steps/run: the editor's "Run steps" against the live page. */
export const runStepsRequestSchema = z.strictObject({
  url: httpUrl,
  steps: browserStepsSchema.min(1, "Add a step to run"),
  /** The monitor being edited: a secret sent back as the placeholder is taken from it. */
  monitorId: z.string().uuid().optional(),
});
export type RunStepsRequest = z.input<typeof runStepsRequestSchema>;

export const stepRunSchema = z.object({
  number: z.number().int(),
  kind: z.enum(browserStepKinds),
  label: z.string(),
  ok: z.boolean(),
  error: z.string().nullable(),
  url: z.string(),
  /** The page after the step, as a PNG data: URL. */
  screenshot: z.string().nullable(),
});
export type StepRun = z.infer<typeof stepRunSchema>;

export const runStepsResultSchema = z.object({
  ok: z.boolean(),
  steps: z.array(stepRunSchema),
  /** Why the run stopped before the first step (the page itself could not be loaded). */
  error: z.string().nullable(),
});
export type RunStepsResult = z.infer<typeof runStepsResultSchema>;
