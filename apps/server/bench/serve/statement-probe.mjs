/**
 * Loaded with `--import` into a `serve` process of the benchmark (BENCH_STATEMENTS=1): counts the SQL
 * statements PGlite runs and the time its engine spends running them (not waiting for its lock), by statement text, and writes them on exit to
 * BENCH_MEMORY_DIR/<pid>.statements.json. Every statement goes through PGlite's execProtocolStream as a Parse
 * (extended protocol) or a Query (simple protocol) message; the calls after it (bind, execute, sync) are
 * the same statement's.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.env.BENCH_MEMORY_DIR;
if (dir && process.env.BENCH_STATEMENTS === "1") {
  const { PGlite } = await import("@electric-sql/pglite");
  const byText = new Map();
  let current = null;
  const decoder = new TextDecoder();
  /** The statement a Parse ('P': name, then text) or Query ('Q': text) message carries, else null. */
  const statementOf = (bytes) => {
    const type = bytes[0];
    if (type !== 0x50 && type !== 0x51) return null;
    let at = 5;
    if (type === 0x50) while (bytes[at] !== 0) at += 1;
    if (type === 0x50) at += 1;
    let end = at;
    while (end < bytes.length && bytes[end] !== 0) end += 1;
    return decoder.decode(bytes.subarray(at, end)).replace(/\s+/g, " ").trim().slice(0, 120);
  };
  // The statement's own time is the synchronous part, where PGlite's engine runs it (execProtocolRawSync);
  // the awaited call around it also counts the wait for PGlite's lock behind other statements.
  const originalStream = PGlite.prototype.execProtocolStream;
  PGlite.prototype.execProtocolStream = function execProtocolStream(message, options) {
    const text = statementOf(message);
    if (text !== null) {
      current = byText.get(text) ?? { text, count: 0, ms: 0 };
      current.count += 1;
      byText.set(text, current);
    }
    return originalStream.call(this, message, options);
  };
  const originalSync = PGlite.prototype.execProtocolRawSync;
  PGlite.prototype.execProtocolRawSync = function execProtocolRawSync(message) {
    const started = performance.now();
    try {
      return originalSync.call(this, message);
    } finally {
      if (current) current.ms += performance.now() - started;
    }
  };
  process.on("exit", () => {
    const statements = [...byText.values()].sort((a, b) => b.ms - a.ms);
    writeFileSync(join(dir, `${process.pid}.statements.json`), JSON.stringify(statements));
  });
}
