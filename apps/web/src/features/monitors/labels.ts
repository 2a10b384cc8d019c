import {
  type Frequency,
  frequencyLabels,
  type MonitorSort,
  type MonitorStatus,
  type PlanName,
  planAllowsBrowserSteps,
  planAllowsFrequency,
  planAllowsRendering,
  planForBrowserSteps,
  planForFrequency,
  planForRendering,
  type WatchKind,
} from "@changeradar/contracts";

export const watchKindLabels: Record<WatchKind, string> = {
  text: "Text",
  price: "Price",
  stock: "Stock",
  new_content: "New content",
  images: "Images",
  structure: "Structure",
  visual: "Visual (screenshot)",
};

export const watchKindHints: Record<WatchKind, string> = {
  text: "Any wording that changes",
  price: "Price rises and drops",
  stock: "In stock, out of stock, pre-order",
  new_content: "New articles, products or links in a list",
  images: "Images added or removed",
  structure: "The page layout changes",
  visual: "How the page looks (renders it in a browser)",
};

export const statusLabels: Record<MonitorStatus, string> = {
  ok: "OK",
  changed: "Changed",
  failing: "Failing",
  paused: "Paused",
};

export const sortLabels: Record<MonitorSort, string> = {
  default: "Newest first",
  lastCheckedAt: "Last checked",
  nextCheckAt: "Next check",
  lastChangeAt: "Last change",
};

/** Spec §9 frequency option: enabled when the plan allows it, else naming the cheapest plan that does. */
export function frequencyOption(
  plan: PlanName,
  frequency: Frequency,
): { label: string; allowed: boolean; note: string | null } {
  const allowed = planAllowsFrequency(plan, frequency);
  const needed = planForFrequency(frequency);
  const note = allowed ? null : needed === "Business" ? "Business plan" : `${needed} plan or higher`;
  return { label: frequencyLabels[frequency], allowed, note };
}

/** Rendering in a browser (JavaScript, screenshots): null when the plan allows it, else the plan that does. */
/** "Pro plan or higher" when the plan cannot run browser steps, else null (the server's gate). */
export function browserStepsNote(plan: PlanName): string | null {
  if (planAllowsBrowserSteps(plan)) return null;
  const needed = planForBrowserSteps();
  return needed === "Business" ? "Business plan" : `${needed} plan or higher`;
}

export function renderingNote(plan: PlanName): string | null {
  if (planAllowsRendering(plan)) return null;
  const needed = planForRendering();
  return needed === "Business" ? "Business plan" : `${needed} plan or higher`;
}
