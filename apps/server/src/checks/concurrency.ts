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

export class HostLimiter {
  private readonly hosts = new Map<string, Semaphore>();

  constructor(private readonly perHost: number) {}

  async run<T>(host: string, work: () => Promise<T>): Promise<T> {
    let semaphore = this.hosts.get(host);
    if (!semaphore) {
      semaphore = new Semaphore(this.perHost);
      this.hosts.set(host, semaphore);
    }
    await semaphore.acquire();
    try {
      return await work();
    } finally {
      semaphore.release();
      if (semaphore.idle) this.hosts.delete(host);
    }
  }
}
