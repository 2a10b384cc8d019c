import { buildApp } from "../app";
import { closeBrowserPools } from "../checks/check-settings";
import { createReadiness } from "../health/readiness";
import { startTasks } from "../tasks/background-task";
import { backgroundTasks } from "./background-tasks";
import { backupByServer } from "./backup-command";
import { startControlChannel } from "./control-channel";
import { apiChecks } from "./first-checks";
import { setPlanByEmail } from "./plan-command";
import { onStopSignal, openRuntime } from "./runtime";

/**
 * `changeradar serve` (the whole product in one process, DESIGN §2) and `changeradar api` (HTTP only, for
 * N API nodes beside M workers). SIGTERM/SIGINT stop taking requests and claims, let work in flight
 * finish (or give its leases back), then close the database.
 */
export async function runServe(
  options: { withBackgroundTasks: boolean } = { withBackgroundTasks: true },
): Promise<number | undefined> {
  const rt = await openRuntime(options.withBackgroundTasks ? "serve" : "api");
  if (!rt) return 1;
  const { config, database, log, mailer } = rt;
  const readiness = createReadiness({ runsBackground: options.withBackgroundTasks });
  // One check worker per process: the scheduler's slots also run first checks and "check now". An API-only
  // process hands them to the workers (apiChecks).
  const { checks, tasks } = options.withBackgroundTasks ? backgroundTasks(rt) : apiChecks(rt);
  const app = await buildApp({ config, database, mailer, logger: log, readiness, checks });
  let stopTasks = async () => {};

  // Operator commands (changeradar plan, backup) reach the server that holds the embedded database here.
  const control =
    database.kind === "pglite"
      ? await startControlChannel(config.dataDir, {
          plan: (args) => setPlanByEmail(database.db, args),
          backup: backupByServer(database, config.dataDir),
        })
      : null;

  onStopSignal(log, async () => {
    readiness.stopping();
    await control?.close();
    await app.close();
    await stopTasks();
    await closeBrowserPools();
    await mailer.close();
    await database.close();
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    log.fatal({ err: error }, `Cannot listen on port ${config.port}`);
    await control?.close();
    await database.close();
    return 1;
  }
  // Listening first, so /api/v1/ready can answer "starting" while the background work starts.
  stopTasks = await startTasks(tasks);
  if (options.withBackgroundTasks) readiness.backgroundStarted();
  readiness.ready();
  const where = database.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL";
  const role = options.withBackgroundTasks ? "" : " (API only)";
  process.stdout.write(`ChangeRadar listening on http://localhost:${config.port}${role} (${where})\n`);
  return undefined;
}
