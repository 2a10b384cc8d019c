import {
  type BrowserStep,
  browserStepsSchema,
  type CreateMonitorInput,
  createMonitorSchema,
  type Frequency,
  frequencies,
  type PlanName,
  type PlannedImport,
  planAllowsBrowserSteps,
  planAllowsFrequency,
  planAllowsRendering,
  planForBrowserSteps,
  planForRendering,
  plans,
  type SkippedImport,
} from "@changeradar/contracts";
import type { z } from "zod";
import { monitorCountRefusal } from "../../entitlements";
import { AppError } from "../../http/errors";
import { validate } from "../../http/validate";
import { assertCheckableUrl, assertStepUrl, assertValidRules } from "../monitor-input";
import { defaultName } from "../monitors.presenter";
import { rendersFor } from "../monitors.service";
import type { ImportEntry } from "./import-entry";

export type ImportDefaults = Omit<z.output<typeof createMonitorSchema>, "url">;
export interface PlannedMonitor {
  shown: PlannedImport;
  input: CreateMonitorInput;
}

const frequencySeconds: Record<Frequency, number> = {
  "15m": 900,
  "1h": 3600,
  "6h": 21_600,
  "12h": 43_200,
  "1d": 86_400,
  "1w": 604_800,
};

/**
 * What an import will create and what it cannot carry over (and why), without writing anything: each
 * entry passes the monitor's own validation and the URL guard, duplicates (in the file or already watched)
 * are skipped, and entries past the plan's monitor count are listed as over the limit.
 */
export async function planImport(
  entries: readonly ImportEntry[],
  defaults: ImportDefaults,
  owner: { plan: PlanName; monitors: number; urls: readonly string[] },
  guard: { allowPrivateTargets: boolean },
): Promise<{ planned: PlannedMonitor[]; skipped: SkippedImport[] }> {
  const planned: PlannedMonitor[] = [];
  const skipped: SkippedImport[] = [];
  const watched = new Set(owner.urls);
  const inFile = new Set<string>();
  let room = Math.max(0, plans[owner.plan].monitors - owner.monitors);
  for (const entry of entries) {
    const skip = (reason: SkippedImport["reason"], message: string) =>
      skipped.push({ url: entry.url, name: entry.name ?? null, reason, message });
    if (entry.unsupported) {
      skip("unsupported", entry.unsupported);
      continue;
    }
    const notes = [...entry.notes];
    let input: CreateMonitorInput;
    try {
      input = toCreateInput(entry, defaults, owner.plan, notes);
      input.url = (await assertCheckableUrl(input.url, guard)).href;
      const steps = await carriedSteps(entry, owner.plan, guard, notes);
      if (steps.length > 0) Object.assign(input, { browserSteps: steps, renderJs: true });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skip("invalid_url", error.errors?.[0]?.msg ?? error.message);
      continue;
    }
    if (watched.has(input.url) || inFile.has(input.url)) {
      skip(
        "duplicate",
        watched.has(input.url) ? "You already watch this page." : "This page is listed twice in the file.",
      );
      continue;
    }
    inFile.add(input.url);
    if (room === 0) {
      skip("over_plan_limit", monitorCountRefusal(owner.plan, plans[owner.plan].monitors) ?? "");
      continue;
    }
    room--;
    planned.push({ input, shown: present(input, notes) });
  }
  return { planned, skipped };
}

function toCreateInput(
  entry: ImportEntry,
  defaults: ImportDefaults,
  plan: PlanName,
  notes: string[],
): CreateMonitorInput {
  const input = validate(createMonitorSchema, {
    url: entry.url,
    name: entry.name?.slice(0, 200),
    frequency: entry.intervalSeconds ? frequencyFor(entry.intervalSeconds, plan, notes) : defaults.frequency,
    watch: entry.watch ?? defaults.watch,
    tags: [...new Set([...(defaults.tags ?? []), ...(entry.tags ?? []).map((t) => t.slice(0, 40))])].slice(
      0,
      20,
    ),
    sensitivity: defaults.sensitivity,
    renderJs: entry.renderJs ?? defaults.renderJs,
    paused: entry.paused ?? false,
  });
  if (!planAllowsRendering(plan) && rendersFor(input.watch, input.renderJs ?? false)) {
    // As with frequencies: the monitor is carried over within the plan, and the note says what changed.
    input.renderJs = false;
    const watch = input.watch.filter((kind) => kind !== "visual");
    input.watch = watch.length > 0 ? watch : ["text"];
    notes.push(
      `Rendered in a browser before; your ${plan} plan reads the page without running its JavaScript (rendering and screenshots need the ${planForRendering()} plan or higher).`,
    );
  }
  if (entry.selector) {
    try {
      assertValidRules(entry.selector, []);
      input.selector = entry.selector;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      notes.push(
        `The selector "${entry.selector}" is not carried over: ${error.errors?.[0]?.msg ?? error.message}`,
      );
    }
  }
  const ignore = (entry.ignore ?? []).filter((rule) => {
    try {
      assertValidRules(null, [rule]);
      return true;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      notes.push(`The ignore rule "${rule}" is not carried over: ${error.errors?.[0]?.msg ?? error.message}`);
      return false;
    }
  });
  if (ignore.length > 0) input.ignore = ignore.slice(0, 100);
  return input;
}

/**
 * The source's browser steps, when they all map to ours, the plan allows steps and every "go to" passes the
 * URL guard; otherwise none, with a note saying why (half a login is worse than none).
 */
async function carriedSteps(
  entry: ImportEntry,
  plan: PlanName,
  guard: { allowPrivateTargets: boolean },
  notes: string[],
): Promise<BrowserStep[]> {
  const steps = entry.browserSteps ?? [];
  if (steps.length === 0) return [];
  const notCarried = (why: string) => {
    notes.push(`Browser steps (${steps.length}) are not carried over: ${why}`);
    return [];
  };
  if (!planAllowsBrowserSteps(plan)) {
    return notCarried(`they need the ${planForBrowserSteps()} plan or higher.`);
  }
  const parsed = browserStepsSchema.safeParse(steps);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const step = typeof issue?.path[0] === "number" ? `step ${issue.path[0] + 1}: ` : "";
    return notCarried(`${step}${issue?.message ?? "they are not valid here"}.`);
  }
  try {
    for (const step of parsed.data) if (step.kind === "goto") await assertStepUrl(step.url, guard);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return notCarried(`${error.errors?.[0]?.msg ?? error.message}.`);
  }
  return parsed.data;
}

/** The slowest frequency at least as fast as the source's interval, within what the plan allows. */
function frequencyFor(seconds: number, plan: PlanName, notes: string[]): Frequency {
  const wanted = [...frequencies].reverse().find((f) => frequencySeconds[f] <= seconds) ?? frequencies[0];
  if (planAllowsFrequency(plan, wanted)) return wanted;
  const fastest = frequencies.find((f) => planAllowsFrequency(plan, f)) ?? "1d";
  notes.push(
    `Checked every ${describeSeconds(seconds)} before; your ${plan} plan checks every ${describeSeconds(frequencySeconds[fastest])} at most.`,
  );
  return fastest;
}

function describeSeconds(seconds: number): string {
  if (seconds % 86_400 === 0) return seconds === 86_400 ? "day" : `${seconds / 86_400} days`;
  if (seconds % 3600 === 0) return seconds === 3600 ? "hour" : `${seconds / 3600} hours`;
  return `${Math.round(seconds / 60)} minutes`;
}

function present(input: CreateMonitorInput, notes: string[]): PlannedImport {
  const url = new URL(input.url);
  return {
    url: input.url,
    name: input.name?.trim() || defaultName(url),
    frequency: input.frequency,
    tags: input.tags ?? [],
    selector: input.selector ?? null,
    renderJs: (input.renderJs ?? false) || input.watch.includes("visual"),
    paused: input.paused ?? false,
    browserSteps: input.browserSteps?.length ?? 0,
    notes,
  };
}
