/**
 * Whether this process should be sent traffic (readiness), apart from whether it is alive (/health).
 * `serve` and `api` create one "starting", mark it ready once listening with their background work
 * started, and "stopping" as soon as a stop signal arrives.
 */
export type ReadinessPhase = "starting" | "ready" | "stopping";

export interface Readiness {
  readonly phase: ReadinessPhase;
  /** Whether this process runs the scheduler, workers and dispatchers, and whether they have started. */
  readonly background: "not run here" | "starting" | "started";
  backgroundStarted(): void;
  ready(): void;
  stopping(): void;
}

export function createReadiness(options: { runsBackground: boolean }): Readiness {
  let phase: ReadinessPhase = "starting";
  let background: Readiness["background"] = options.runsBackground ? "starting" : "not run here";
  return {
    get phase() {
      return phase;
    },
    get background() {
      return background;
    },
    backgroundStarted() {
      if (options.runsBackground) background = "started";
    },
    ready() {
      if (phase === "starting") phase = "ready";
    },
    stopping() {
      phase = "stopping";
    },
  };
}

/** For an app built without a role around it (tests, tools): ready from the start. */
export function alwaysReady(): Readiness {
  const readiness = createReadiness({ runsBackground: false });
  readiness.ready();
  return readiness;
}
