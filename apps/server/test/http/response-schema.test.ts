import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { installErrorHandler } from "../../src/http/error-handler";
import {
  installRouteSchemas,
  noContent,
  textAnswer,
  type ZodTypeProvider,
} from "../../src/http/route-schema";

/**
 * A route's response schema counts (http/route-schema.ts): the answer is serialised through it, so a field it
 * does not declare never leaves the server, and an answer of the wrong shape is a logged server error.
 * The app's own schema and error handling on a real port; the routes below answer what a buggy handler would.
 */
describe("answers are serialised through their response schema", () => {
  const lines: Record<string, unknown>[] = [];
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    app = Fastify({ logger: { level: "info", stream: sink } });
    installErrorHandler(app);
    installRouteSchemas(app);
    const api = app.withTypeProvider<ZodTypeProvider>();
    const account = z.object({ id: z.string(), email: z.string() });
    // What a buggy handler returns, past the type checker.
    const answer = (body: unknown) => async () => body as never;
    const schema = { response: { 200: account } };
    api.get("/extra-field", { schema }, answer({ id: "u1", email: "a@example.test", passwordHash: "x" }));
    api.get("/wrong-shape", { schema }, answer({ id: 7 }));
    api.get(
      "/dated",
      { schema: { response: { 200: z.object({ at: z.iso.datetime() }) } } },
      answer({
        at: new Date("2026-01-02T03:04:05.000Z"),
      }),
    );
    api.get("/text", { schema: { response: { 200: textAnswer("text/csv") } } }, async (_request, reply) =>
      reply.type("text/csv").send("a,b\n1,2\n"),
    );
    api.delete("/nothing", { schema: { response: { 204: noContent } } }, async (_request, reply) =>
      reply.code(204).send(),
    );
    await app.listen({ host: "127.0.0.1", port: 0 });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => app?.close());

  it("drops a field the schema does not declare", async () => {
    const response = await fetch(`${baseUrl}/extra-field`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: "u1", email: "a@example.test" });
  });

  it("answers a wrong-shaped answer with the usual 500 and logs the route and zod's issues", async () => {
    const response = await fetch(`${baseUrl}/wrong-shape`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: "Something went wrong on our side. Please try again." });
    const logged = lines.find((line) => line.msg === "answer does not match its response schema");
    expect(logged).toMatchObject({
      level: 50,
      route: "GET /wrong-shape",
      status: "200",
      issues: expect.arrayContaining([
        expect.objectContaining({ path: ["id"] }),
        expect.objectContaining({ path: ["email"] }),
      ]),
    });
  });

  it("reads the answer as the client will, and leaves text and empty answers alone", async () => {
    expect(await (await fetch(`${baseUrl}/dated`)).json()).toEqual({ at: "2026-01-02T03:04:05.000Z" });
    const csv = await fetch(`${baseUrl}/text`);
    expect([csv.status, await csv.text()]).toEqual([200, "a,b\n1,2\n"]);
    expect((await fetch(`${baseUrl}/nothing`, { method: "DELETE" })).status).toBe(204);
  });
});
