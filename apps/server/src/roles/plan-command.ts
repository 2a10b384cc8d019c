import { isPlanName, type PlanName, planNames } from "@changeradar/contracts";
import { loadConfig } from "../config";
import { createDatabase, type DatabaseHandle } from "../db/database";
import { migrate } from "../db/migrate";
import { applyPlanChange } from "../monitors/plan-change";
import { findUserByEmail, normaliseEmail, updateUser } from "../users/users.repository";

const USAGE = `Usage: changeradar plan <email> <${planNames.join("|")}>`;

/**
 * `changeradar plan <email> <plan>`: an operator sets a user's plan (status active). Going down pauses
 * the monitors beyond the new plan's count (newest first), nothing is deleted.
 */
export async function runPlanCommand(args: string[]): Promise<number> {
  const [email, plan] = args;
  if (!email || !plan || args.length !== 2) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (!isPlanName(plan)) {
    process.stderr.write(`Unknown plan "${plan}". Choose one of: ${planNames.join(", ")}.\n`);
    return 2;
  }
  let database: DatabaseHandle;
  try {
    database = await createDatabase(loadConfig());
    await migrate(database);
  } catch (error) {
    // The embedded database refuses a second process with a clear message (see db/data-dir-lock.ts).
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  try {
    return await setPlan(database, email, plan);
  } finally {
    await database.close();
  }
}

async function setPlan(database: DatabaseHandle, email: string, plan: PlanName): Promise<number> {
  const user = await findUserByEmail(database.db, normaliseEmail(email));
  if (!user) {
    process.stderr.write(`No account with the email ${email}.\n`);
    return 1;
  }
  const result = await database.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { planType: plan, planStatus: "active" });
    return applyPlanChange(tx, user.id, plan);
  });
  const notes = [
    result.paused > 0 ? `${result.paused} monitor(s) over the plan's limit paused` : null,
    result.slowedDown > 0 ? `${result.slowedDown} monitor(s) set to the plan's fastest frequency` : null,
  ].filter(Boolean);
  process.stdout.write(
    `${user.email} is now on the ${plan} plan (active).${notes.length ? ` ${notes.join("; ")}.` : ""}\n`,
  );
  return 0;
}
