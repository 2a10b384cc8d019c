import { describe, expect, it } from "vitest";
import { FairSlots, SlotsRefused } from "../../src/auth/fair-slots";

/** A task that runs until the test finishes it, noting when it started. */
function controlledTask(started: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    finish: () => finish(),
    work: async () => {
      started.push(name);
      await done;
      return name;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("FairSlots", () => {
  it("never runs more tasks at once than it has slots", async () => {
    const slots = new FairSlots(2, 100, 100);
    let running = 0;
    let most = 0;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running--;
    };
    await Promise.all(Array.from({ length: 40 }, (_, i) => slots.run(`lane-${i % 3}`, task)));
    expect(most).toBe(2);
    expect(slots.peakInFlight).toBe(2);
    expect(slots.inFlight).toBe(0);
    expect(slots.waiting).toBe(0);
  });

  it("serves waiting lanes in turn: one lane's queue delays another lane by one task", async () => {
    const slots = new FairSlots(1, 10, 100);
    const started: string[] = [];
    const tasks = ["a1", "a2", "a3", "a4", "b1"].map((name) => controlledTask(started, name));
    const results = tasks.map((task, i) => slots.run(i < 4 ? "attacker" : "user", task.work));
    await settle();
    expect(started).toEqual(["a1"]);
    for (const task of tasks) {
      task.finish();
      await settle();
    }
    await Promise.all(results);
    // b1 arrived last but ran second, not after the attacker's whole queue.
    expect(started).toEqual(["a1", "a2", "b1", "a3", "a4"]);
  });

  it("refuses a lane's task beyond its waiting limit, and any beyond the total, at once", async () => {
    const slots = new FairSlots(1, 2, 3);
    const started: string[] = [];
    const running = controlledTask(started, "running");
    const first = slots.run("a", running.work);
    const waiting = [slots.run("a", async () => "a2"), slots.run("a", async () => "a3")];
    await expect(slots.run("a", async () => "a4")).rejects.toEqual(new SlotsRefused("lane-full"));
    waiting.push(slots.run("b", async () => "b1"));
    await expect(slots.run("c", async () => "c1")).rejects.toEqual(new SlotsRefused("queue-full"));
    expect(slots.waiting).toBe(3);
    running.finish();
    expect(await Promise.all([first, ...waiting])).toEqual(["running", "a2", "a3", "b1"]);
  });

  it("frees the slot when a task fails", async () => {
    const slots = new FairSlots(1, 1, 1);
    await expect(slots.run("a", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await slots.run("a", async () => "next")).toBe("next");
    expect(slots.inFlight).toBe(0);
  });
});
