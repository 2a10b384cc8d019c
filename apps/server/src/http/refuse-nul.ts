import { firstNulPath, nulCharacterMessage } from "@changeradar/contracts";
import type { FastifyInstance } from "fastify";
import { Invalid } from "./errors";

/**
 * Every route, whatever validates its body: a U+0000 anywhere in the body, query or path parameters is a
 * 400 naming the field, before it can reach the database (where it would be a 500).
 */
export function installNulRefusal(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = firstNulPath(part);
      if (path !== null) throw Invalid.field(path, nulCharacterMessage);
    }
  });
}
