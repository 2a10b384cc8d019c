import { isPlanName, planNames } from "@changeradar/contracts";
import { assignPlan } from "../admin/plan-assignment";
import { cliActor } from "../audit/audit.service";
import { systemClock } from "../clock";
import { loadConfig } from "../config";
import { liveLockOwner } from "../db/data-dir-lock";
import { createDatabase, type Database, type DatabaseHandle } from "../db/database";
import { migrate } from "../db/migrate";
import { findUserByEmail, normaliseEmail } from "../users/users.repository";
import { type ControlAnswer, callControlChannel } from "./control-channel";

const USAGE = `Usage: changeradar plan <email> <${planNames.join("|")}>`;

/**
 * `changeradar plan <email> <plan>`: an operator sets a user's plan (status active), through the same path
 * as the admin area (downgrade pauses the monitors beyond the plan, audit entry with actor "cli"). When a
 * running server holds the embedded database, the command is handed to it over its control channel.
 */
export async function runPlanCommand(args: string[]): Promise<number> {
  const [email, plan] = args;
  if (!email || !plan || args.length !== 2) return print({ code: 2, err: USAGE });
  if (!isPlanName(plan)) {
    return print({ code: 2, err: `Unknown plan "${plan}". Choose one of: ${planNames.join(", ")}.` });
  }
  const config = loadConfig();
  const owner = config.databaseUrl ? null : liveLockOwner(config.dataDir);
  if (owner !== null) {
    const answer = await callControlChannel(config.dataDir, owner, "plan", args).catch(() => null);
    return print(
      answer ?? {
        code: 1,
        err: `The embedded database in ${config.dataDir} is in use by ChangeRadar process ${owner}, which did not answer on its control channel. Stop it, or run this command against a server started by this version.`,
      },
    );
  }
  let database: DatabaseHandle;
  try {
    database = await createDatabase(config);
    await migrate(database);
  } catch (error) {
    return print({ code: 1, err: error instanceof Error ? error.message : String(error) });
  }
  try {
    return print(await setPlanByEmail(database.db, args));
  } finally {
    await database.close();
  }
}

/** The command's work, wherever it runs (here, or inside the server that owns the database). */
export async function setPlanByEmail(db: Database, args: string[]): Promise<ControlAnswer> {
  const [email = "", plan] = args;
  if (!isPlanName(plan))
    return { code: 2, err: `Unknown plan "${plan}". Choose one of: ${planNames.join(", ")}.` };
  const user = await findUserByEmail(db, normaliseEmail(email));
  if (!user) return { code: 1, err: `No account with the email ${email}.` };
  const result = await assignPlan({ db, clock: systemClock, actor: cliActor }, { user, plan });
  return { code: 0, out: result.message };
}

function print(answer: ControlAnswer): number {
  if (answer.out) process.stdout.write(`${answer.out}\n`);
  if (answer.err) process.stderr.write(`${answer.err}\n`);
  return answer.code;
}
