import {
  cssSelectorTools,
  maxPickerElements,
  maxPickerScreenshotHeight,
  maxPickerSelectorLength,
  maxPickerTextLength,
  type PickerElement,
  pickerElementSchema,
} from "@changeradar/contracts";

interface ProbeLimits {
  maxElements: number;
  maxHeight: number;
  maxText: number;
  maxSelector: number;
  /** Selectors cost a few queries each: on a huge page the probe stops listing after this long. */
  budgetMs: number;
}

const limits: ProbeLimits = {
  maxElements: maxPickerElements,
  maxHeight: maxPickerScreenshotHeight,
  maxText: maxPickerTextLength,
  maxSelector: maxPickerSelectorLength,
  budgetMs: 4_000,
};

/**
 * Runs inside the rendered page (sent as source text, so it uses nothing from this module): the boxes of
 * the visible elements in document coordinates, each with the selector the styled picker would write.
 */
function listVisibleElements(tools: ReturnType<typeof cssSelectorTools>, limits: ProbeLimits) {
  const started = performance.now();
  const skipped = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "BR", "WBR"]);
  const found: PickerElement[] = [];
  let truncated = false;
  const all = document.body ? document.body.getElementsByTagName("*") : [];
  for (const element of all) {
    if (found.length >= limits.maxElements || performance.now() - started > limits.budgetMs) {
      truncated = true;
      break;
    }
    // The parts of an SVG drawing make poor anchors: the drawing itself is listed.
    if (skipped.has(element.tagName) || (element instanceof SVGElement && element.tagName !== "svg"))
      continue;
    const rect = element.getBoundingClientRect();
    if (rect.width < 4 || rect.height < 4) continue;
    const x = rect.left + window.scrollX;
    const y = rect.top + window.scrollY;
    if (y >= limits.maxHeight || x + rect.width <= 0 || y + rect.height <= 0) continue;
    if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const selector = tools.cssSelectorFor(element);
    if (selector.length > limits.maxSelector) continue;
    const words = element.textContent || element.getAttribute("alt") || element.getAttribute("aria-label");
    found.push({
      x: Math.round(x),
      y: Math.round(y),
      width: Math.round(rect.width),
      height: Math.round(rect.height),
      selector,
      tag: element.tagName.toLowerCase(),
      text: (words ?? "").replace(/\s+/g, " ").trim().slice(0, limits.maxText),
    });
  }
  return { elements: found, truncated };
}

/**
 * The probe as one expression. Under tsx (keepNames) the functions' source calls esbuild's `__name`
 * helper, which the page does not have: a local no-op stands in for it.
 */
export function pickerProbeScript(): string {
  return `(() => {
    const __name = (target) => target;
    const tools = (${cssSelectorTools.toString()})();
    return (${listVisibleElements.toString()})(tools, ${JSON.stringify(limits)});
  })()`;
}

/**
 * The probe's answer comes from the page's world, where scripts may have replaced any built-in: it is
 * checked and bounded here, and boxes are clipped to the screenshot.
 */
export function pickerElementsFrom(
  value: unknown,
  screenshot: { width: number; height: number },
): { elements: PickerElement[]; truncated: boolean } | null {
  if (typeof value !== "object" || value === null || !("elements" in value)) return null;
  const all: unknown[] = Array.isArray(value.elements) ? value.elements : [];
  const listed = all.slice(0, maxPickerElements);
  const elements: PickerElement[] = [];
  for (const raw of listed) {
    const parsed = pickerElementSchema.safeParse(raw);
    if (!parsed.success || parsed.data.selector.length > maxPickerSelectorLength) continue;
    const box = clip(parsed.data, screenshot);
    if (box) elements.push({ ...box, text: parsed.data.text.slice(0, maxPickerTextLength) });
  }
  const truncated = "truncated" in value && value.truncated === true;
  return { elements, truncated: truncated || listed.length < all.length };
}

function clip(element: PickerElement, screen: { width: number; height: number }): PickerElement | null {
  const left = Math.max(0, element.x);
  const top = Math.max(0, element.y);
  const right = Math.min(screen.width, element.x + element.width);
  const bottom = Math.min(screen.height, element.y + element.height);
  if (right - left < 2 || bottom - top < 2) return null;
  return { ...element, x: left, y: top, width: right - left, height: bottom - top };
}
