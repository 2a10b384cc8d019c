import { closeBrowserPools } from "../checks/check-settings";
import { startTasks } from "../tasks/background-task";
import { backgroundTasks } from "./background-tasks";
import { onStopSignal, openRuntime } from "./runtime";

/**
 * `changeradar worker`: the scheduler, check workers, alert dispatcher and daily jobs, without HTTP.
 * Run several against one PostgreSQL (DATABASE_URL): claims with SKIP LOCKED keep them apart.
 */
export async function runWorker(): Promise<number | undefined> {
  const rt = await openRuntime("worker");
  if (!rt) return 1;
  const { database, log, mailer } = rt;
  const stopTasks = await startTasks(backgroundTasks(rt).tasks);
  onStopSignal(log, async () => {
    await stopTasks();
    await closeBrowserPools();
    await mailer.close();
    await database.close();
  });
  const where = database.kind === "pglite" ? `embedded database in ${rt.config.dataDir}` : "PostgreSQL";
  process.stdout.write(`ChangeRadar worker started (pid ${process.pid}, ${where})\n`);
  return undefined;
}
