/** Why a task was turned away instead of waiting. */
export type Refusal = "lane-full" | "queue-full";

export class SlotsRefused extends Error {
  constructor(readonly reason: Refusal) {
    super(`no slot: ${reason}`);
  }
}

/**
 * A few slots for costly work, taken in turn by lane (a client address): while slots are busy, waiters are
 * served one per lane round-robin, so one client queueing many tasks delays another client's task by at
 * most one task per slot. A lane may keep only `maxWaitingPerLane` tasks waiting, and all lanes together
 * `maxWaiting`; beyond that `run` refuses at once with SlotsRefused rather than queue without bound.
 */
export class FairSlots {
  private running = 0;
  private waitingCount = 0;
  private highWater = 0;
  /** Waiters by lane; a Map keeps insertion order, so re-inserting a lane moves it to the back. */
  private readonly lanes = new Map<string, Array<() => void>>();

  constructor(
    readonly slots: number,
    readonly maxWaitingPerLane: number,
    readonly maxWaiting: number,
  ) {}

  get inFlight(): number {
    return this.running;
  }

  get waiting(): number {
    return this.waitingCount;
  }

  /** The most tasks that have run at once since start. */
  get peakInFlight(): number {
    return this.highWater;
  }

  async run<T>(lane: string, task: () => Promise<T>): Promise<T> {
    await this.enter(lane);
    try {
      return await task();
    } finally {
      this.leave();
    }
  }

  private enter(lane: string): Promise<void> {
    if (this.running < this.slots && this.waitingCount === 0) {
      this.start();
      return Promise.resolve();
    }
    const queue = this.lanes.get(lane) ?? [];
    if (queue.length >= this.maxWaitingPerLane) return Promise.reject(new SlotsRefused("lane-full"));
    if (this.waitingCount >= this.maxWaiting) return Promise.reject(new SlotsRefused("queue-full"));
    this.waitingCount++;
    if (queue.length === 0) this.lanes.set(lane, queue);
    return new Promise<void>((resolve) => queue.push(resolve));
  }

  private leave(): void {
    this.running--;
    const next = this.lanes.entries().next();
    if (next.done) return;
    const [lane, queue] = next.value;
    const wake = queue.shift();
    this.lanes.delete(lane);
    if (queue.length > 0) this.lanes.set(lane, queue);
    this.waitingCount--;
    this.start();
    wake?.();
  }

  private start(): void {
    this.running++;
    this.highWater = Math.max(this.highWater, this.running);
  }
}
