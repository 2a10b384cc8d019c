/** Runs the workload (./main.ts) in a child process and talks to it over its control address. */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { PageTruth, WorkloadOptions } from "./workload";

export interface RemoteWorkload {
  urls: readonly string[];
  pid: number;
  nextRound(): Promise<number>;
  truth(round: number): Promise<PageTruth[]>;
  requests(): Promise<number>;
  close(): Promise<void>;
}

const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = "";
    let errors = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const end = buffered.indexOf("\n");
      if (end >= 0) resolve(buffered.slice(0, end));
    });
    child.once("exit", (code) =>
      reject(new Error(`The workload exited (${code}) before it was ready: ${errors}`)),
    );
  });
}

export async function forkWorkload(options: WorkloadOptions = {}): Promise<RemoteWorkload> {
  const args = ["--pages", String(options.pages ?? 500), "--seed", String(options.seed ?? 1)];
  if (options.hosts !== undefined) args.push("--hosts", String(options.hosts));
  const child = fork(MAIN, args, { execArgv: ["--import", "tsx"], stdio: ["ignore", "pipe", "pipe", "ipc"] });
  const { control } = JSON.parse(await firstLine(child)) as { control: string };
  const call = async <T>(path: string, method = "GET"): Promise<T> => {
    const response = await fetch(`${control}${path}`, { method });
    if (!response.ok) throw new Error(`workload ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const urls = await call<string[]>("/urls");
  return {
    urls,
    pid: child.pid!,
    nextRound: async () => (await call<{ round: number }>("/next-round", "POST")).round,
    truth: (round) => call<PageTruth[]>(`/truth/${round}`),
    requests: async () => (await call<{ requests: number }>("/requests")).requests,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.disconnect();
      await exited;
    },
  };
}
