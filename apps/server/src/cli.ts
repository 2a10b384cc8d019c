export {};

/**
 * `changeradar <command>`: one binary, roles by command. Each role is imported only when it runs,
 * so `check` and `diff` load the engine alone.
 */
type Command = { summary: string; run: (args: string[]) => Promise<number | undefined> };

const commands: Record<string, Command> = {
  serve: {
    summary: "serve                                         run the whole product in one process (npm start)",
    run: async () => (await import("./roles/serve")).runServe(),
  },
  api: {
    summary:
      "api                                           HTTP API only, for N API nodes beside workers (DATABASE_URL)",
    run: async () => (await import("./roles/serve")).runServe({ withBackgroundTasks: false }),
  },
  worker: {
    summary:
      "worker                                        scheduler, checks, alert dispatch and daily jobs, no HTTP",
    run: async () => (await import("./roles/worker")).runWorker(),
  },
  plan: {
    summary:
      "plan <email> <Free|Personal|Pro|Business>     set a user's plan (active); extra monitors are paused",
    run: async (args) => (await import("./roles/plan-command")).runPlanCommand(args),
  },
  backup: {
    summary:
      "backup <file>                                 a consistent backup of the database, also while serve runs",
    run: async (args) => (await import("./roles/backup-command")).runBackupCommand(args),
  },
  restore: {
    summary:
      "restore <file> [--force]                      restore a backup into an empty DATA_DIR or DATABASE_URL",
    run: async (args) => (await import("./roles/backup-command")).runRestoreCommand(args),
  },
  check: {
    summary: "check <url> [--selector S] [--render] [--json]   fetch a page once and print its snapshot",
    run: async (args) => (await import("@changeradar/engine/cli")).runEngineCli(["check", ...args]),
  },
  diff: {
    summary: "diff <old-file> <new-file> [--json]            compare two saved pages",
    run: async (args) => (await import("@changeradar/engine/cli")).runEngineCli(["diff", ...args]),
  },
};

function usage(): string {
  const lines = Object.entries(commands).map(
    ([name, c]) => `  changeradar ${c.summary.startsWith(name) ? c.summary : `${name}  ${c.summary}`}`,
  );
  return `Usage:\n${lines.join("\n")}`;
}

const [name, ...rest] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!command) {
  process.stderr.write(`${name && name !== "--help" ? `Unknown command: ${name}\n` : ""}${usage()}\n`);
  process.exitCode = name && name !== "--help" ? 2 : 0;
} else {
  const code = await command.run(rest);
  if (code !== undefined) process.exitCode = code;
}
