/**
 * Counting semaphores for the worker: one global limit on checks in flight and one per host, so a
 * worker never hammers one site even when many of its pages are due at once.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  get inUse(): number {
    return this.active;
  }

  get free(): number {
    return Math.max(0, this.limit - this.active);
  }

  async acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }

  get idle(): boolean {
    return this.active === 0 && this.waiting.length === 0;
  }
}

/** The per-host permits of the claiming worker: how many checks each host may have at once, and those running. */
export interface HostPermits {
  perHost: number;
  inUse: ReadonlyMap<string, number>;
}

/** Hosts with no permit free: left out of a claim. */
export function saturatedHosts(permits: HostPermits): string[] {
  return [...permits.inUse].filter(([, used]) => used >= permits.perHost).map(([host]) => host);
}

/**
 * Permits per host, taken without waiting: the worker claims only monitors whose host has a free permit
 * and takes the permit before the slot, so a host at its limit never holds a slot.
 */
export class HostLimiter {
  private readonly inUse = new Map<string, number>();

  constructor(readonly perHost: number) {}

  /** Takes a permit for `host` when one is free; false when the host is at its limit. */
  tryAcquire(host: string): boolean {
    const used = this.inUse.get(host) ?? 0;
    if (used >= this.perHost) return false;
    this.inUse.set(host, used + 1);
    return true;
  }

  release(host: string): void {
    const used = (this.inUse.get(host) ?? 0) - 1;
    if (used <= 0) this.inUse.delete(host);
    else this.inUse.set(host, used);
  }

  /** The permits in use by host, for a claim that takes no more of a host's monitors than it has free. */
  permits(): HostPermits {
    return { perHost: this.perHost, inUse: new Map(this.inUse) };
  }

  /** Hosts with no free permit (left out of the next claim). */
  saturated(): string[] {
    return saturatedHosts({ perHost: this.perHost, inUse: this.inUse });
  }
}
