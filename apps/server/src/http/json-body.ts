import type { FastifyInstance } from "fastify";

/**
 * JSON bodies go through Fastify's safe parser (prototype-poisoning protection), except that an empty
 * body counts as no body: clients POST to /auth/logout or /auth/record-visitor without one.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
