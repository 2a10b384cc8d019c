import type { FastifyInstance } from "fastify";

/**
 * The API takes JSON (and multipart where a route reads files), nothing else: text/plain is refused with
 * 415, which also closes the form-post route to cross-site requests. JSON goes through Fastify's safe
 * parser (prototype-poisoning protection), except that an empty body counts as no body: clients POST to
 * /auth/logout or /auth/record-visitor without one.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
