/** The benchmark workload (bench/workload): real changes with their truth, noise on every request. */
import { watchKinds } from "@changeradar/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forkWorkload, type RemoteWorkload } from "../bench/workload/remote";
import { startWorkload, type Workload } from "../bench/workload/workload";
import { compareSnapshots } from "../src/compare";
import { extractSnapshotSync } from "../src/extract";

const body = async (url: string) => {
  const response = await fetch(url);
  return { text: await response.text(), type: response.headers.get("content-type") ?? "" };
};

describe("workload in this process", () => {
  let workload: Workload;
  beforeAll(async () => {
    workload = await startWorkload({ pages: 20, seed: 7, hosts: 4 });
  });
  afterAll(() => workload.close());

  it("spreads the pages over one listener per loopback address", () => {
    const hosts = new Set(workload.urls.map((url) => new URL(url).hostname));
    expect([...hosts].sort()).toEqual(["127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4"]);
    expect(workload.truth(0).every((row) => row.changed === null)).toBe(true);
  });

  it("noisy pages differ on every request, quiet ones never", async () => {
    const truth = workload.truth(0);
    const noisy = truth.filter((row) => row.noise.length > 0);
    const quiet = truth.filter((row) => row.noise.length === 0);
    expect(noisy.length).toBe(6);
    for (const row of noisy.slice(0, 3))
      expect((await body(row.url)).text).not.toBe((await body(row.url)).text);
    for (const row of quiet.slice(0, 3)) expect((await body(row.url)).text).toBe((await body(row.url)).text);
  });

  it("a round really changes 30% of the pages, each in the kind its truth names", async () => {
    const before = await Promise.all(workload.urls.map(body));
    const round = workload.nextRound();
    const truth = workload.truth(round);
    const changed = truth.filter((row) => row.changed !== null);
    expect(changed.length).toBe(6);
    for (const row of truth) {
      const after = await body(row.url);
      if (row.noise.length > 0) continue;
      if (row.changed === null) {
        expect(after.text).toBe(before[row.index].text);
        continue;
      }
      const extract = (text: string) => extractSnapshotSync({ url: row.url, contentType: after.type, text });
      const result = compareSnapshots(extract(before[row.index].text), extract(after.text), {
        watch: [...watchKinds].filter((kind) => kind !== "visual"),
      });
      expect(result.kinds, `${row.file}: ${row.mutation}`).toContain(row.changed);
    }
    // Fourteen extractions of corpus pages: about 2 s on a quiet core, past 30 s on a loaded CI machine.
  }, 120_000);
});

describe("workload as a child process", () => {
  let workload: RemoteWorkload;
  beforeAll(async () => {
    workload = await forkWorkload({ pages: 8, seed: 3, hosts: 2 });
  });
  afterAll(() => workload.close());

  it("serves its pages and answers for rounds and truth", async () => {
    expect(workload.urls).toHaveLength(8);
    expect((await fetch(workload.urls[0])).status).toBe(200);
    expect(await workload.nextRound()).toBe(1);
    const truth = await workload.truth(1);
    expect(truth.filter((row) => row.changed !== null)).toHaveLength(2);
    await expect(workload.truth(5)).rejects.toThrow(/No round 5/);
  });
});
