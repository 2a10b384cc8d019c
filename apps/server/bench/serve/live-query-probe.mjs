/**
 * Loaded with `--import` into the `serve` process of the benchmark on the embedded database: answers the
 * benchmark's SQL (its `bytes`, `due` and `lag` queries) over the IPC channel the benchmark opens, in the
 * server's own PGlite. PGlite is one process's at a time, so without this the benchmark stopped the server
 * to read or schedule it between passes, and every pass was timed in a process it had just started (each
 * paying V8's compilation of the whole server again). PGlite's `query` waits for any transaction of the
 * server to end, so a question never runs inside one of its transactions.
 */
const channel = process.send ? process : null;
// Only a server on the embedded database (PostgreSQL is read from the benchmark's own connection).
if (channel && process.env.BENCH_MEMORY_DIR && !process.env.DATABASE_URL) {
  const { PGlite } = await import("@electric-sql/pglite");
  /** The server's database: the PGlite it created last (one that only prepared the data directory is closed by then). */
  let database = null;
  const create = PGlite.create;
  PGlite.create = async function createAndKeep(...args) {
    database = await create.apply(this, args);
    return database;
  };
  channel.on("message", async (message) => {
    if (message?.type !== "query") return;
    try {
      if (!database) throw new Error("The server has not opened its database yet.");
      const { rows } = await database.query(message.text, message.params);
      channel.send({ type: "answer", id: message.id, rows });
    } catch (error) {
      channel.send({ type: "answer", id: message.id, error: String(error?.message ?? error) });
    }
  });
  // The channel must not keep a stopping server alive.
  process.channel?.unref();
}
