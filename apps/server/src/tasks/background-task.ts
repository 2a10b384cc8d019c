/**
 * A loop that runs beside (or instead of) the HTTP API: the check scheduler, the alert dispatcher,
 * the digest and retention jobs. `serve` and `worker` start every registered task and stop them on
 * SIGTERM; `stop()` must stop taking new work, finish or release what is in flight, and resolve.
 */
export interface BackgroundTask {
  readonly name: string;
  start(): void | Promise<void>;
  stop(): Promise<void>;
}

/** Starts tasks in order and stops them in reverse order (each stop awaited, errors collected). */
export async function startTasks(tasks: readonly BackgroundTask[]): Promise<() => Promise<void>> {
  const started: BackgroundTask[] = [];
  for (const task of tasks) {
    await task.start();
    started.push(task);
  }
  return async () => {
    const failures: unknown[] = [];
    for (const task of started.reverse()) {
      try {
        await task.stop();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, "Some background tasks failed to stop");
  };
}

/**
 * A task that runs `tick` every `intervalMs` (never two ticks at once), the first at start unless
 * `firstAfterInterval`; `stop()` waits for the running tick.
 */
export function intervalTask(
  name: string,
  intervalMs: number,
  tick: () => Promise<void>,
  onError: (error: unknown) => void,
  { firstAfterInterval = false } = {},
): BackgroundTask {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(run, intervalMs);
    timer.unref?.();
  };
  const run = () => {
    running = tick()
      .catch(onError)
      .finally(() => {
        running = null;
        schedule();
      });
  };
  return {
    name,
    start() {
      stopped = false;
      if (firstAfterInterval) schedule();
      else run();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
