/**
 * The workload as a process of its own:
 *   npx tsx packages/engine/bench/workload/main.ts [--pages 500] [--seed 1] [--hosts 16]
 * Prints one JSON line `{"control":"http://127.0.0.1:PORT","pages":N}` once every listener is up, then
 * answers on the control address: GET /urls, POST /next-round → {"round":n}, GET /truth/<round>,
 * GET /requests. Stops when its parent disconnects or on SIGTERM.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { startWorkload } from "./workload";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "500" },
    seed: { type: "string", default: "1" },
    hosts: { type: "string", default: "16" },
  },
});

const workload = await startWorkload({
  pages: Number(values.pages),
  seed: Number(values.seed),
  hosts: Number(values.hosts),
});

const control = createServer((request, response) => {
  const reply = (status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };
  const url = request.url ?? "/";
  try {
    if (request.method === "GET" && url === "/urls") return reply(200, workload.urls);
    if (request.method === "GET" && url === "/requests") return reply(200, { requests: workload.requests() });
    if (request.method === "POST" && url === "/next-round")
      return reply(200, { round: workload.nextRound() });
    const truth = /^\/truth\/(\d+)$/.exec(url);
    if (request.method === "GET" && truth) return reply(200, workload.truth(Number(truth[1])));
    reply(404, { error: "GET /urls, POST /next-round, GET /truth/<round>, GET /requests" });
  } catch (error) {
    reply(400, { error: (error as Error).message });
  }
});
control.listen(0, "127.0.0.1", () => {
  const { port } = control.address() as AddressInfo;
  process.stdout.write(
    `${JSON.stringify({ control: `http://127.0.0.1:${port}`, pages: workload.urls.length })}\n`,
  );
});

const stop = async () => {
  control.close();
  await workload.close();
  process.exit(0);
};
process.on("disconnect", stop);
process.on("SIGTERM", stop);
