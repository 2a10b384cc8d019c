import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { Forbidden, NotFound } from "../http/errors";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * GET /api/v1/ops/backup: a consistent dump of the embedded database (PGlite's data directory as tar.gz,
 * taken between two statements), for `changeradar backup` while serve holds the data directory. Answered
 * only to this machine and only with the token serve wrote to DATA_DIR/control.json.
 */
export function registerBackupRoute(api: FastifyInstance, ctx: AppContext, controlToken: string): void {
  const expected = Buffer.from(controlToken);
  api.get("/ops/backup", async (request, reply) => {
    const given = Buffer.from(request.headers.authorization?.replace(/^Bearer\s+/i, "") ?? "");
    const tokenOk = given.length === expected.length && timingSafeEqual(given, expected);
    if (!LOOPBACK.has(request.socket.remoteAddress ?? "") || !tokenOk) throw new Forbidden("Not allowed.");
    const dump = ctx.database.dumpDataDir;
    if (!dump) throw new NotFound("Only the embedded database is backed up through the server.");
    const archive = Buffer.from(await (await dump()).arrayBuffer());
    reply.header("content-type", "application/gzip").header("cache-control", "no-store");
    return archive;
  });
}
