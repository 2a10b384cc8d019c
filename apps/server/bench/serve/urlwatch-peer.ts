/**
 * The peer: urlwatch 2.25 (Debian's package, scripts/ensure-urlwatch.sh) over the same workload, with
 * its html2text filter, in the same passes as the serve cases: baseline, unchanged, round 1, round 2, settled.
 * One `urlwatch` run is one pass (it checks every job once and exits); /usr/bin/time gives its wall
 * clock, CPU and peak RSS. Changes are what its report prints as CHANGED.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { forkWorkload, type PageTruth } from "@changeradar/engine/workload";
import { round } from "../bench-stats";
import { type PassResult, scoreRound } from "./serve-case";

const ENSURE = fileURLToPath(new URL("../../../../scripts/ensure-urlwatch.sh", import.meta.url));
const run = promisify(execFile);

const CONFIG = `display:
  new: true
  error: true
  unchanged: false
report:
  text:
    line_length: 75
    details: false
    footer: false
    minimal: true
  stdout:
    enabled: true
    color: false
  html:
    diff: unified
  email:
    enabled: false
  markdown:
    details: false
    footer: false
    minimal: true
`;

export interface PeerResult {
  tool: string;
  pages: number;
  checksPerSecond: number;
  /** The settled pass (after round 2, nothing changed but the noise), as in the serve cases. */
  settledChecksPerSecond: number;
  cpuSecondsPerCheck: number;
  peakRssMb: number;
  changesInTruth: number;
  missed: number;
  noiseAlerts: number;
  passes: (Omit<
    PassResult,
    | "bytes"
    | "bytesByTable"
    | "walBytes"
    | "rowsWritten"
    | "dataDirBytes"
    | "unchecked"
    | "memory"
    | "mainThreadCpuSecondsPerCheck"
    | "engineThreadsCpuSecondsPerCheck"
    | "minorFaultsPerCheck"
  > & {
    errors: number;
    peakRssMb: number;
  })[];
}

export function urlwatchVersion(): string {
  const command = execFileSync("bash", [ENSURE], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  return execFileSync(command.trim(), ["--version"], { encoding: "utf8" }).trim();
}

export async function runUrlwatchPeer(pages: number): Promise<PeerResult> {
  const command = execFileSync("bash", [ENSURE], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
  const dir = mkdtempSync(join(tmpdir(), "cr-urlwatch-"));
  const workload = await forkWorkload({ pages });
  try {
    const jobs = workload.urls.map((url, i) => `name: "p${i}"\nurl: "${url}"\nfilter:\n  - html2text\n`);
    writeFileSync(join(dir, "urls.yaml"), jobs.join("---\n"));
    writeFileSync(join(dir, "urlwatch.yaml"), CONFIG);
    const passes: PeerResult["passes"] = [];

    async function pass(name: string, truth: PageTruth[]) {
      const timeFile = join(dir, "time.txt");
      const { stdout } = await run(
        "/usr/bin/time",
        [
          "-f",
          "%e %M %U %S",
          "-o",
          timeFile,
          command,
          "--urls",
          join(dir, "urls.yaml"),
          "--config",
          join(dir, "urlwatch.yaml"),
          "--cache",
          join(dir, "cache.db"),
          "--hooks",
          join(dir, "hooks.py"),
        ],
        { maxBuffer: 256 * 1024 * 1024, env: { ...process.env, HOME: dir } },
      );
      const [wall, maxRssKb, user, system] = readFileSync(timeFile, "utf8")
        .trim()
        .split("\n")
        .at(-1)!
        .split(" ")
        .map(Number);
      const reported = new Set<string>();
      let errors = 0;
      for (const line of stdout.split("\n")) {
        const match = /^(NEW|CHANGED|ERROR): p(\d+)\b/.exec(line.trim());
        if (!match) continue;
        if (match[1] === "ERROR") errors += 1;
        if (match[1] === "CHANGED") reported.add(workload.urls[Number(match[2])]);
      }
      const result = {
        pass: name,
        trigger: "check now" as const,
        checks: pages,
        seconds: wall,
        checksPerSecond: round(pages / wall)!,
        cpuSecondsPerCheck: round((user + system) / pages, 4)!,
        peakRssMb: round(maxRssKb / 1024)!,
        errors,
        truth: scoreRound(truth, reported),
      };
      passes.push(result);
      process.stderr.write(`  urlwatch N=${pages} ${JSON.stringify(result)}\n`);
      return result;
    }

    await pass("baseline", await workload.truth(0));
    const unchanged = await pass("unchanged", await workload.truth(0));
    const r1 = await workload.nextRound();
    const changed1 = await pass(`round ${r1}`, await workload.truth(r1));
    const r2 = await workload.nextRound();
    const changed2 = await pass(`round ${r2}`, await workload.truth(r2));
    const settled = await pass("settled", await workload.truth(0));
    const steady = [unchanged, changed1, changed2];
    const checks = steady.reduce((sum, p) => sum + p.checks, 0);
    return {
      tool: "urlwatch 2.25 (html2text)",
      pages,
      checksPerSecond: round(checks / steady.reduce((sum, p) => sum + p.seconds, 0))!,
      settledChecksPerSecond: settled.checksPerSecond,
      cpuSecondsPerCheck: round(steady.reduce((sum, p) => sum + p.cpuSecondsPerCheck, 0) / steady.length, 4)!,
      peakRssMb: Math.max(...passes.map((p) => p.peakRssMb)),
      changesInTruth: changed1.truth.changed + changed2.truth.changed,
      missed: changed1.truth.missed + changed2.truth.missed,
      noiseAlerts: [...steady, settled].reduce((sum, p) => sum + p.truth.noise, 0),
      passes,
    };
  } finally {
    await workload.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
