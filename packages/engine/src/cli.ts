/**
 * The engine's commands for the `changeradar` binary: `check` and `diff`. Each is imported only when it
 * runs, so the binary stays quick to start.
 */
import type { CheckIo } from "./cli/check";

const usage = `Usage:
  changeradar check <url> [--selector S] [--render] [--json]   fetch a page once and print its snapshot
  changeradar diff <old-file> <new-file> [--json]            compare two saved pages`;

/** Run one engine command; resolves to the process exit code. */
export async function runEngineCli(argv: string[], io: CheckIo = process): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case "check":
      return (await import("./cli/check")).runCheck(args, io);
    case "diff":
      return (await import("./cli/diff")).runDiff(args, io);
    default:
      io.stderr.write(`${command ? `Unknown engine command: ${command}\n` : ""}${usage}\n`);
      return 2;
  }
}
