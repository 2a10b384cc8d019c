/** What the serve benchmark asks the running product, through its public API with each user's API key. */

export interface BenchUser {
  key: string;
  ids: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call<T>(baseUrl: string, key: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Runs `task` for every item, `width` at a time. */
async function eachLimited<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

/** Bulk "check now" (POST /monitors/check) for every monitor of every user; answers how many were queued. */
export async function checkNow(baseUrl: string, users: readonly BenchUser[]): Promise<number> {
  let queued = 0;
  await eachLimited(users, 8, async (user) => {
    const result = await call<{ queued: number }>(baseUrl, user.key, "/monitors/check", { ids: user.ids });
    queued += result.queued;
  });
  return queued;
}

interface MonitorRow {
  id: string;
  url: string;
  lastCheckedAt: string | null;
}

/**
 * Waits until every monitor's last check was recorded at or after `since`, polling the users whose
 * monitors are not all done (from the moment `ready()` says the fetches are plausibly over). Answers
 * when the poll first saw every check recorded (performance.now(), up to one poll late), the latest
 * lastCheckedAt the server gave (when its last check ended: the figure a pass is timed by), and the URL
 * of every monitor id. The poll is the bench's, not the product's work: every 100 ms it was a fifth of
 * the server's queries in a pass, so it looks every POLL_MS and the server's clock says when it ended.
 */
const POLL_MS = 500;

export async function waitChecked(
  baseUrl: string,
  users: readonly BenchUser[],
  since: Date,
  options: { ready: () => Promise<boolean>; timeoutMs: number; only?: ReadonlySet<string> },
): Promise<{ doneAt: number; lastCheckedAt: Date; unchecked: number; urls: Map<string, string> }> {
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline && !(await options.ready())) await sleep(200);
  const urls = new Map<string, string>();
  let pending = options.only ? users.filter((u) => u.ids.some((id) => options.only?.has(id))) : [...users];
  let last = since.getTime();
  let unchecked = 0;
  while (pending.length > 0) {
    const still: BenchUser[] = [];
    unchecked = 0;
    await eachLimited(pending, 4, async (user) => {
      const page = await call<{ items: MonitorRow[] }>(baseUrl, user.key, "/monitors?pageSize=100");
      let done = 0;
      const items = options.only ? page.items.filter((m) => options.only?.has(m.id)) : page.items;
      for (const monitor of page.items) urls.set(monitor.id, monitor.url);
      for (const monitor of items) {
        const at = monitor.lastCheckedAt ? Date.parse(monitor.lastCheckedAt) : 0;
        if (at >= since.getTime()) {
          done += 1;
          last = Math.max(last, at);
        }
      }
      if (done < items.length) {
        still.push(user);
        unchecked += items.length - done;
      }
    });
    pending = still;
    if (pending.length === 0 || Date.now() > deadline) break;
    await sleep(POLL_MS);
  }
  return { doneAt: performance.now(), lastCheckedAt: new Date(last), unchecked, urls };
}

/** Monitors with a change detected at or after `since`, by URL (GET /changes, newest first). */
export async function changedSince(
  baseUrl: string,
  users: readonly BenchUser[],
  since: Date,
  urls: Map<string, string>,
): Promise<Set<string>> {
  const changed = new Set<string>();
  await eachLimited(users, 4, async (user) => {
    const page = await call<{ items: { monitorId: string; detectedAt: string }[] }>(
      baseUrl,
      user.key,
      "/changes?pageSize=100",
    );
    for (const change of page.items) {
      if (Date.parse(change.detectedAt) >= since.getTime()) changed.add(urls.get(change.monitorId) ?? "?");
    }
  });
  return changed;
}
