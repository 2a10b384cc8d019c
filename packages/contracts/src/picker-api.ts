import { z } from "zod";
import { browserStepsSchema } from "./browser-steps";
import { httpUrl } from "./http-url";

/**
 * The screenshot picker (issue 13 §5): a page that needs JavaScript is rendered in the browser (after the
 * monitor's steps), and the editor shows its screenshot with the boxes of its visible elements to click on.
 */
export const maxPickerElements = 1_500;
/** Screenshots of long pages are cut at this height, as for checks. */
export const maxPickerScreenshotHeight = 8_000;
export const maxPickerTextLength = 80;
export const maxPickerSelectorLength = 500;

/** POST /monitors/picker/screenshot. */
export const pickerScreenshotRequestSchema = z.strictObject({
  url: httpUrl,
  /** The steps to run first, as in the editor; a secret sent as the placeholder is taken from `monitorId`. */
  steps: browserStepsSchema.default([]),
  monitorId: z.string().uuid().optional(),
});
export type PickerScreenshotRequest = z.input<typeof pickerScreenshotRequestSchema>;

export const pickerElementSchema = z.object({
  /** In screenshot pixels, from its top left corner. */
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  /** What the picker writes into the selector field (the same rule as the styled picker). */
  selector: z.string(),
  tag: z.string(),
  /** The element's text, whitespace collapsed, cut to a short excerpt. */
  text: z.string(),
});
export type PickerElement = z.infer<typeof pickerElementSchema>;

export const pickerScreenshotSchema = z.object({
  url: z.string(),
  finalUrl: z.string(),
  /** PNG as a data: URL. */
  screenshot: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Visible elements in document order, at most `maxPickerElements`. */
  elements: z.array(pickerElementSchema),
  /** More elements were on the page than are listed. */
  truncated: z.boolean(),
});
export type PickerScreenshot = z.infer<typeof pickerScreenshotSchema>;
