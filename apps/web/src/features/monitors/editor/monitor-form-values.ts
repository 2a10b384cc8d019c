import type {
  BrowserStepInput,
  CreateMonitorInput,
  Monitor,
  MonitorCondition,
  MonitorMode,
  WatchKind,
} from "@changeradar/contracts";
import {
  defaultSensitivity,
  type Frequency,
  type PlanName,
  planAllowsFrequency,
} from "@changeradar/contracts";

/** The editor's values: every field present, so the form never switches between controlled and not. */
export interface MonitorFormValues {
  url: string;
  name: string;
  frequency: Frequency;
  watch: WatchKind[];
  selector: string;
  ignore: string[];
  conditions: MonitorCondition[];
  renderJs: boolean;
  sensitivity: number;
  channelIds: string[];
  tags: string[];
  mode: MonitorMode;
  /** Site monitors: null means the mode's default. */
  maxPages: number | null;
  crawlDepth: number | null;
  /** Site monitors: each page found is watched for content changes with this monitor's settings. */
  watchPages: boolean;
  browserSteps: BrowserStepInput[];
}

export function emptyMonitorValues(plan: PlanName): MonitorFormValues {
  return {
    url: "",
    name: "",
    frequency: planAllowsFrequency(plan, "1d") ? "1d" : "1w",
    watch: ["text"],
    selector: "",
    ignore: [],
    conditions: [],
    renderJs: false,
    sensitivity: defaultSensitivity,
    channelIds: [],
    tags: [],
    mode: "page",
    maxPages: null,
    crawlDepth: null,
    watchPages: false,
    browserSteps: [],
  };
}

export function valuesFromMonitor(monitor: Monitor): MonitorFormValues {
  return {
    url: monitor.url,
    name: monitor.name,
    frequency: monitor.frequency,
    // A site that does not watch its pages stores "new content" (pages coming and going): its pages would
    // start from plain text.
    watch: monitor.mode !== "page" && !monitor.watchPages ? ["text"] : monitor.watch,
    selector: monitor.selector ?? "",
    ignore: monitor.ignore,
    conditions: monitor.conditions,
    renderJs: monitor.renderJs,
    sensitivity: monitor.sensitivity,
    channelIds: monitor.channelIds,
    tags: monitor.tags,
    mode: monitor.mode,
    maxPages: monitor.maxPages,
    crawlDepth: monitor.crawlDepth,
    watchPages: monitor.watchPages,
    browserSteps: monitor.browserSteps,
  };
}

/** What the API receives: blank optional text becomes absent (or null for the selector). */
export function toMonitorInput(values: MonitorFormValues): CreateMonitorInput {
  if (values.mode !== "page") {
    // A site monitor watches its pages come and go: no element, no browser (the server holds to this too).
    // Watching each page's content, the kinds, sensitivity and conditions are its pages'.
    return {
      ...values,
      url: values.url.trim(),
      name: values.name.trim() || undefined,
      watch: values.watchPages ? values.watch : ["new_content"],
      selector: null,
      renderJs: false,
      browserSteps: [],
      conditions: values.watchPages ? values.conditions : [],
      crawlDepth: values.mode === "crawl" ? values.crawlDepth : null,
    };
  }
  return {
    ...values,
    url: values.url.trim(),
    name: values.name.trim() || undefined,
    selector: values.selector.trim() || null,
    // A screenshot needs the rendered page: the server renders visual monitors too, this says so up front.
    renderJs: values.renderJs || values.watch.includes("visual") || values.browserSteps.length > 0,
    maxPages: null,
    crawlDepth: null,
    watchPages: false,
  };
}
