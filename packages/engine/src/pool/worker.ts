/** One pool worker: runs engine jobs one at a time and answers each with its value or its error. */
import { parentPort } from "node:worker_threads";
import { serialiseError } from "./errors";
import { type EngineJob, inProcessEngine, runJob } from "./jobs";

export interface JobMessage {
  id: number;
  job: EngineJob;
}

export type WorkerMessage =
  | { type: "ready" }
  | { type: "done"; id: number; value: unknown }
  | { type: "failed"; id: number; error: ReturnType<typeof serialiseError> };

const port = parentPort;
if (!port) throw new Error("The engine worker runs in a worker thread.");

/**
 * The pool posts a job before the one running ends (engine-pool.ts). A job that awaits (a PDF's extraction)
 * must not let the next one start meanwhile: the pool reads the answers in the order it posted the jobs.
 */
let previousJob: Promise<void> = Promise.resolve();

port.on("message", (message: JobMessage) => {
  previousJob = previousJob.then(async () => port.postMessage(await answerTo(message)));
});

async function answerTo({ id, job }: JobMessage): Promise<WorkerMessage> {
  try {
    return { type: "done", id, value: await runJob(job) };
  } catch (error) {
    return { type: "failed", id, error: serialiseError(error) };
  }
}

/** A first small page before `ready`: the time budget of real jobs does not pay for the warm-up. */
async function warmUp(): Promise<void> {
  const page = { url: "https://warm.up/", contentType: "text/html", text: "<title>a</title><p>b</p>" };
  const snapshot = await inProcessEngine.extract(page);
  await inProcessEngine.compare(snapshot, snapshot, { watch: ["text"] });
}

await warmUp();
port.postMessage({ type: "ready" } satisfies WorkerMessage);
